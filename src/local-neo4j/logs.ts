import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Layout } from './conf.js';

const MAX_READ = 256 * 1024;

const userLog = (l: Layout): string => path.join(l.logs, 'neo4j.log');

/** The text of `file` from byte `from` on (at most its last 256 KiB). */
function readFrom(file: string, from: number): string {
  if (!existsSync(file)) return '';
  const size = statSync(file).size;
  const start = Math.max(from, size - MAX_READ, 0);
  if (start >= size) return '';
  const buf = Buffer.alloc(size - start);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buf, 0, buf.length, start);
  } finally {
    closeSync(fd);
  }
  return buf.toString('utf8');
}

function lastLines(text: string, lines: number): string | undefined {
  const out = text.trimEnd().split('\n').slice(-lines).join('\n');
  // Neo4j writes a lone control byte to stdout when it starts; only text is worth showing.
  return /[\p{L}\p{N}]/u.test(out) ? out : undefined;
}

/** Where neo4j.log ends now: what a start writes comes after this mark. */
export function logMark(l: Layout): number {
  return existsSync(userLog(l)) ? statSync(userLog(l)).size : 0;
}

/** The last lines of the JVM's output and of neo4j.log, for error messages. */
export function logTail(l: Layout, lines = 25): string {
  const parts: string[] = [];
  const consoleOut = lastLines(readFrom(l.consoleLog, 0), lines);
  if (consoleOut) parts.push(`--- ${l.consoleLog} ---\n${consoleOut}`);
  const neo4jOut = lastLines(readFrom(userLog(l), 0), lines);
  if (neo4jOut) parts.push(`--- ${userLog(l)} ---\n${neo4jOut}`);
  parts.push(`(more in ${path.join(l.logs, 'debug.log')})`);
  return parts.join('\n');
}

/**
 * Whether the start that began at `mark` failed because its Bolt port was taken between picking and
 * binding it (console.log is new at every start; neo4j.log is appended to).
 */
export function portWasTaken(l: Layout, mark: number): boolean {
  const text = `${readFrom(l.consoleLog, 0)}\n${readFrom(userLog(l), mark)}`;
  return /PortBindException|Address already in use/.test(text);
}
