// Fails when src/gen differs from what the .proto files generate now: regenerate into a
// scratch copy of the module and compare file by file.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(__dirname, '..');
const scratch = mkdtempSync(join(tmpdir(), 'kinora-proto-'));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

try {
  for (const entry of ['buf.yaml', 'buf.gen.yaml', 'kinora', 'scripts']) {
    cpSync(join(root, entry), join(scratch, entry), { recursive: true });
  }
  const env = { ...process.env, PATH: `${join(root, '..', 'node_modules', '.bin')}:${process.env.PATH}` };
  execFileSync('buf', ['generate'], { cwd: scratch, env, stdio: 'inherit' });
  execFileSync('tsx', [join(scratch, 'scripts', 'write-index.ts')], { cwd: scratch, env, stdio: 'inherit' });

  const committed = join(root, 'src', 'gen');
  const fresh = join(scratch, 'src', 'gen');
  const names = new Set(
    [...files(committed), ...files(fresh)].map((f) => relative(f.startsWith(fresh) ? fresh : committed, f)),
  );
  const stale = [...names].filter((name) => {
    const read = (dir: string) => {
      try {
        return readFileSync(join(dir, name), 'utf8');
      } catch {
        return undefined;
      }
    };
    return read(committed) !== read(fresh);
  });
  if (stale.length > 0) {
    console.error(
      `proto: generated code is stale (${stale.join(', ')}); run "npm run generate -w @kinora/proto" and commit.`,
    );
    process.exit(1);
  }
  console.log(`proto: generated code is up to date (${names.size} files).`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
