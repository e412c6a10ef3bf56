export { MIGRATIONS } from './migrations.js';
