export { startLocalNeo4j, type LocalNeo4j, type LocalNeo4jOptions } from './server.js';
export { JavaMissingError, findJava } from './java.js';
export { provisionNeo4jJars, NEO4J_VERSION, APOC_VERSION } from './provision.js';
