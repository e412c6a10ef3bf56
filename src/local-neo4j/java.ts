import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Local mode cannot run without Java 17+; this says so once, with the ways out. */
export class JavaMissingError extends Error {
  constructor(detail: string) {
    super(
      `neohub's local mode runs Neo4j on Java, and ${detail}.\n` +
        'Either install Java 17 or newer (for example `apt-get install openjdk-17-jre-headless` and Maven), ' +
        'or run neohub with Docker: `docker compose up`, or point NEO4J_URI at an existing Neo4j 5 server.',
    );
    this.name = 'JavaMissingError';
  }
}

/** The `java` to run: $JAVA_HOME/bin/java, else the one on PATH; checked to be version 17 or newer. */
export function findJava(env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [env.JAVA_HOME ? path.join(env.JAVA_HOME, 'bin', 'java') : undefined, 'java'].filter(
    (c): c is string => !!c,
  );
  for (const java of candidates) {
    const res = spawnSync(java, ['-version'], { encoding: 'utf8' });
    if (res.error || res.status !== 0) continue;
    const m = /version "(\d+)(?:\.(\d+))?/.exec(`${res.stderr}${res.stdout}`);
    const major = m ? Number(m[1] === '1' ? m[2] : m[1]) : 0;
    if (major >= 17) return java;
    throw new JavaMissingError(`the Java found (${java}, version ${major || 'unknown'}) is older than 17`);
  }
  throw new JavaMissingError('no Java was found (neither $JAVA_HOME/bin/java nor java on the PATH)');
}
