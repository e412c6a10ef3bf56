import { parseTree, type Node, type ParseError } from 'jsonc-parser';

/** One record of a metadata file: a change proposal or a change event, with its line in the file. */
export type FileRecord =
  | { readonly kind: 'mcp'; readonly line: number; readonly proposal: Record<string, unknown> }
  | {
      readonly kind: 'mce';
      readonly line: number;
      readonly snapshot: Record<string, unknown>;
      /** The record's system metadata (run id, last observed, properties), sent with the snapshot. */
      readonly systemMetadata?: Record<string, unknown>;
    };

export interface ProposalFile {
  readonly records: FileRecord[];
  /** `file:line: message` for each record that is neither (nothing is sent when there is any). */
  readonly problems: string[];
}

const lineOf = (text: string, offset: number): number => text.slice(0, offset).split('\n').length;

/**
 * Reads DataHub's metadata files: a JSON array of records (what `datahub`'s file sink writes), one JSON
 * object, or JSON Lines (`.jsonl`: one record a line). A record is a change proposal (MCP: `entityUrn`,
 * `aspectName`, `aspect` as `{value: "<json>"}` or `{json: {...}}`) or a change event (MCE:
 * `proposedSnapshot`). Each problem names the file and line.
 */
export function parseProposalFile(text: string, file: string): ProposalFile {
  const records: FileRecord[] = [];
  const problems: string[] = [];
  const take = (value: unknown, line: number) => {
    const r = toRecord(value, line);
    if (typeof r === 'string') problems.push(`${file}:${line}: ${r}`);
    else records.push(r);
  };
  if (file.endsWith('.jsonl') || file.endsWith('.ndjson')) {
    text.split('\n').forEach((raw, i) => {
      if (!raw.trim()) return;
      try {
        take(JSON.parse(raw), i + 1);
      } catch (err) {
        problems.push(`${file}:${i + 1}: not JSON (${(err as Error).message})`);
      }
    });
    return { records, problems };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length || !root) {
    const at = errors[0]?.offset ?? 0;
    return { records, problems: [`${file}:${lineOf(text, at)}: not JSON`] };
  }
  const items: Node[] = root.type === 'array' ? (root.children ?? []) : [root];
  for (const item of items)
    take(JSON.parse(text.slice(item.offset, item.offset + item.length)), lineOf(text, item.offset));
  return { records, problems };
}

function toRecord(value: unknown, line: number): FileRecord | string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'a record must be a JSON object';
  const v = value as Record<string, unknown>;
  if (v.proposedSnapshot && typeof v.proposedSnapshot === 'object') {
    // The file sink writes Avro names (`com.linkedin.pegasus2avro.…`); the service reads Pegasus ones.
    const snapshot = JSON.parse(
      JSON.stringify(v.proposedSnapshot).replaceAll('.pegasus2avro.', '.'),
    ) as Record<string, unknown>;
    const sm = v.systemMetadata;
    return sm && typeof sm === 'object' && !Array.isArray(sm)
      ? { kind: 'mce', line, snapshot, systemMetadata: sm as Record<string, unknown> }
      : { kind: 'mce', line, snapshot };
  }
  if (typeof v.entityUrn !== 'string')
    return 'neither a change proposal (entityUrn) nor an event (proposedSnapshot)';
  const aspect = v.aspect as { json?: unknown; value?: unknown; contentType?: unknown } | undefined;
  const proposal: Record<string, unknown> = { ...v };
  if (aspect && typeof aspect === 'object' && 'json' in aspect)
    proposal.aspect = {
      value: JSON.stringify(aspect.json),
      contentType: typeof aspect.contentType === 'string' ? aspect.contentType : 'application/json',
    };
  return { kind: 'mcp', line, proposal };
}
