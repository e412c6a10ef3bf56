export { startLocalNeo4j, type LocalNeo4j, type LocalNeo4jOptions } from './server.js';
export { FolderInUseError } from './folder-lock.js';
export { JavaMissingError, findJava, type JavaRuntime } from './java.js';
export { MavenMissingError, runMaven } from './maven.js';
export { provisionNeo4jJars, resolveNeo4jJars, cacheRoot, type Neo4jJars } from './jars.js';
