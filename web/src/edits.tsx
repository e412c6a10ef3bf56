import { useState } from 'react';
import { gql } from './api';
import { Alert } from './alert';

/**
 * The everyday edits, each one GraphQL mutation with the caller's privileges (the page shows them only
 * where `privileges` allows; the server refuses them anyway): a description, and tags added or removed.
 */
export function DescriptionEditor(p: { urn: string; text: string; onSaved: () => void }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(p.text);
  const [error, setError] = useState<string>();
  const save = async () => {
    try {
      await gql('mutation ($input: DescriptionUpdateInput!) { updateDescription(input: $input) }', {
        input: { resourceUrn: p.urn, description: draft },
      });
      setEditing(false);
      p.onSaved();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  if (!editing)
    return (
      <button
        type="button"
        className="quiet edit"
        onClick={() => {
          setDraft(p.text);
          setEditing(true);
        }}
      >
        Edit description
      </button>
    );
  return (
    <div className="editor">
      <label>
        Description
        <textarea value={draft} onChange={(e) => setDraft(e.target.value)} rows={6} />
      </label>
      <Alert error={error} />
      <button type="button" onClick={save}>
        Save
      </button>
      <button type="button" className="quiet" onClick={() => setEditing(false)}>
        Cancel
      </button>
    </div>
  );
}

/** A tag's URN from what one types: a URN as it is, a name as `urn:li:tag:<name>`. */
const tagUrn = (text: string): string => (text.startsWith('urn:li:tag:') ? text : `urn:li:tag:${text}`);

/** Adds a tag by name, making the tag first when the catalog has none of that name (as DataHub's UI does). */
export function AddTag(p: { urn: string; onSaved: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const add = async () => {
    const text = name.trim();
    if (!text) return;
    const urn = tagUrn(text);
    const addTags = () =>
      gql('mutation ($input: AddTagsInput!) { addTags(input: $input) }', {
        input: { resourceUrn: p.urn, tagUrns: [urn] },
      });
    try {
      try {
        await addTags();
      } catch (e) {
        if (!/does not exist/i.test((e as Error).message)) throw e;
        const id = urn.slice('urn:li:tag:'.length);
        await gql('mutation ($input: CreateTagInput!) { createTag(input: $input) }', {
          input: { id, name: id },
        });
        await addTags();
      }
      setName('');
      setError(undefined);
      p.onSaved();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <span className="add-tag">
      <input
        aria-label="Tag to add"
        placeholder="Add a tag"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="button" className="quiet" onClick={add}>
        Add tag
      </button>
      {error && (
        <span role="alert" className="error">
          {error}
        </span>
      )}
    </span>
  );
}

export async function removeTag(resourceUrn: string, tagUrn: string): Promise<void> {
  await gql('mutation ($input: TagAssociationInput!) { removeTag(input: $input) }', {
    input: { resourceUrn, tagUrn },
  });
}
