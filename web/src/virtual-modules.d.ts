/** Built by web/entity-fields-plugin.ts from the GraphQL schema. */
declare module 'virtual:entity-fields' {
  const fields: {
    /** Per entity type: each section field it has, with the type it answers. */
    types: Record<string, Record<string, string>>;
    /** Per properties type: the fields of PROPERTY_FIELDS it has. */
    props: Record<string, string[]>;
  };
  export default fields;
}
