import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TestPki {
  dir: string;
  /** PEM of the test CA: what WEBHOOK_CA_FILE points at. */
  caFile: string;
  /** A certificate for localhost / 127.0.0.1 signed by the test CA. */
  server: { key: string; cert: string };
  /** A self-signed certificate for the same names, from no trusted CA. */
  untrusted: { key: string; cert: string };
  remove(): void;
}

const SERVER_NAMES = 'subjectAltName=DNS:localhost,IP:127.0.0.1';

/** A throwaway CA and server certificates, made with the openssl CLI at test time (EC keys: fast). */
export function createTestPki(): TestPki {
  const dir = mkdtempSync(path.join(tmpdir(), 'pith-test-ca-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

  openssl('req', '-x509', ...ecKey, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Pith Test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
  openssl('req', ...ecKey, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  writeFileSync(file('server.ext'), `${SERVER_NAMES}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`);
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'server.ext');
  openssl('req', '-x509', ...ecKey, '-keyout', 'untrusted.key', '-out', 'untrusted.pem', '-days', '2', '-subj', '/CN=localhost', '-addext', SERVER_NAMES);

  const read = (name: string) => readFileSync(file(name), 'utf8');
  return {
    dir,
    caFile: file('ca.pem'),
    server: { key: read('server.key'), cert: read('server.pem') },
    untrusted: { key: read('untrusted.key'), cert: read('untrusted.pem') },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
