import { get_encoding, type Tiktoken } from 'tiktoken';

/** o200k_base (decisions: "Tokens are counted with tiktoken's o200k_base encoding"), loaded once per process. */
let encoder: Tiktoken | undefined;

export function tokenizer(): Tiktoken {
  encoder ??= get_encoding('o200k_base');
  return encoder;
}

export function encode(text: string): Uint32Array {
  return tokenizer().encode_ordinary(text);
}

export function countTokens(text: string): number {
  return text ? encode(text).length : 0;
}

const utf8 = new TextDecoder('utf-8');

export function decode(tokens: Uint32Array): string {
  return utf8.decode(tokenizer().decode(tokens));
}
