import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import solc from 'solc';
import type { Abi, Hex } from 'viem';

/** The compiled PithUSD contract: what a deployment needs. */
export interface CompiledToken {
  abi: Abi;
  bytecode: Hex;
}

const SOURCE = fileURLToPath(new URL('./PithUSD.sol', import.meta.url));

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
}

let compiled: CompiledToken | undefined;

/**
 * Compiles PithUSD.sol with solc-js (WASM, in-process: nothing is downloaded). `paris` because ganache
 * does not implement the newer opcodes (PUSH0 and later).
 */
export function compileToken(): CompiledToken {
  if (compiled) return compiled;
  const input = {
    language: 'Solidity',
    sources: { 'PithUSD.sol': { content: readFileSync(SOURCE, 'utf8') } },
    settings: { evmVersion: 'paris', optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`PithUSD.sol does not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const contract = output.contracts['PithUSD.sol']?.PithUSD;
  if (!contract) throw new Error('solc produced no PithUSD contract');
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}
