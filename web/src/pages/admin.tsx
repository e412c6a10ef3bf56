import { People } from './admin/people';
import { MetadataTests } from './admin/metadata-tests';
import { Runs } from './admin/runs';
import { StructuredProperties } from './admin/structured-properties';
import { Tokens } from './admin/tokens';
import './admin/admin.css';

const SECTIONS = [
  ['tokens-section', 'Access tokens'],
  ['people-section', 'Users and roles'],
  ['runs-section', 'Ingestion runs'],
  ['tests-section', 'Metadata tests'],
  ['properties-section', 'Structured properties'],
] as const;

/**
 * An Admin's page, one section each (in this order: the sections are addressed by position too):
 * one's access tokens, users and their roles with invites, ingestion runs, metadata tests and their
 * results, structured property definitions. Each section speaks GraphQL with the caller's own
 * privileges and says so when the server refuses.
 */
export function Admin({ me }: { me: string }) {
  return (
    <div className="admin">
      <h1>Administration</h1>
      <nav aria-label="Admin sections" className="admin-nav">
        {SECTIONS.map(([id, title]) => (
          <a key={id} href={`#${id}`}>
            {title}
          </a>
        ))}
      </nav>
      <Tokens me={me} />
      <People />
      <Runs />
      <MetadataTests />
      <StructuredProperties />
    </div>
  );
}
