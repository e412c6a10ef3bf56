import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Local mode cannot run without a Java 17+ toolchain. Thrown (by itself, or as MavenMissingError) with one
 * message that names the ways out, meant to be printed to the user as it is, without a stack trace.
 */
export class JavaMissingError extends Error {
  constructor(detail: string) {
    super(
      `neohub's local mode runs its own Neo4j 5.26 server, which needs Java 17 or newer ` +
        `(and Maven on the first start, to fetch the Neo4j jars), but ${detail}.\n` +
        'Two ways out:\n' +
        '  1. install Java 17+ and Maven (e.g. `apt-get install openjdk-17-jre-headless maven` or ' +
        '`brew install openjdk@17 maven`), then start neohub again; or\n' +
        '  2. run neohub and Neo4j in containers: `docker compose up`.\n' +
        '(Setting NEO4J_URI, NEO4J_USER and NEO4J_PASSWORD to an existing Neo4j 5 server also skips local mode.)',
    );
    this.name = 'JavaMissingError';
  }
}

export interface JavaRuntime {
  /** The `java` executable to run. */
  readonly bin: string;
  /** Its feature release, e.g. 17 or 21. */
  readonly major: number;
}

/** Neo4j 5.26 is supported on these Java releases; newer ones usually work, with a warning from us. */
export const SUPPORTED_JAVA = [17, 21] as const;

function javaVersion(bin: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    execFile(bin, ['-version'], { timeout: 20_000 }, (err, stdout, stderr) => {
      if (err) return resolve(undefined);
      // `openjdk version "17.0.15" 2025-04-15`, `java version "1.8.0_392"`, `openjdk version "21" ...`
      const m = /version "(\d+)(?:\.(\d+))?/.exec(`${stderr}${stdout}`);
      if (!m) return resolve(0);
      const first = Number(m[1]);
      resolve(first === 1 ? Number(m[2] ?? 0) : first);
    });
  });
}

/**
 * The Java to run Neo4j with: $JAVA_HOME/bin/java if it is 17 or newer, else `java` on the PATH.
 * Throws JavaMissingError when neither is there or both are too old.
 */
export async function findJava(env: NodeJS.ProcessEnv = process.env): Promise<JavaRuntime> {
  const candidates: string[] = [];
  if (env.JAVA_HOME) {
    const bin = path.join(env.JAVA_HOME, 'bin', process.platform === 'win32' ? 'java.exe' : 'java');
    if (existsSync(bin)) candidates.push(bin);
  }
  candidates.push('java');
  const tooOld: string[] = [];
  for (const bin of candidates) {
    const major = await javaVersion(bin);
    if (major === undefined) continue;
    if (major >= 17) return { bin, major };
    tooOld.push(`${bin} is Java ${major || 'of an unknown version'}`);
  }
  throw new JavaMissingError(
    tooOld.length > 0
      ? `only an older Java was found (${tooOld.join('; ')})`
      : 'no `java` was found (neither $JAVA_HOME/bin/java nor java on the PATH)',
  );
}
