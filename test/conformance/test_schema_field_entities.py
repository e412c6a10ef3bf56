"""DataHub's SDK on a dataset that does not exist yet: structured properties on it and on its columns
(schemaField URNs), read back through GraphQL and OpenAPI; the schema-field entities a schema makes,
soft-deleted when their field leaves the schema (docs/decisions/0053)."""
from urllib.parse import quote

from datahub.emitter.mce_builder import make_dataset_urn, make_schema_field_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m
from datahub.specific.dataset import DatasetPatchBuilder

FIELD_QUERY = """query($urn: String!) {
  entity(urn: $urn) {
    urn type
    ... on SchemaFieldEntity {
      fieldPath parent { urn }
      structuredProperties { properties { structuredProperty { urn } values { ... on StringValue { stringValue } } } }
    }
  }
}"""

DATASET_QUERY = """query($urn: String!) {
  dataset(urn: $urn) {
    urn
    structuredProperties { properties { structuredProperty { urn } values { ... on StringValue { stringValue } } } }
  }
}"""


def define(graph, qualified_name: str) -> str:
    urn = f"urn:li:structuredProperty:{qualified_name}"
    graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=m.StructuredPropertyDefinitionClass(
        qualifiedName=qualified_name,
        valueType="urn:li:dataType:datahub.string",
        entityTypes=["urn:li:entityType:datahub.dataset", "urn:li:entityType:datahub.schemaField"],
        cardinality="SINGLE",
    )))
    return urn


def schema(*paths: str) -> m.SchemaMetadataClass:
    return m.SchemaMetadataClass(
        schemaName="orders", platform="urn:li:dataPlatform:hive", version=0, hash="",
        platformSchema=m.OtherSchemaClass(rawSchema=""),
        fields=[m.SchemaFieldClass(fieldPath=p, type=m.SchemaFieldDataTypeClass(type=m.StringTypeClass()),
                                   nativeDataType="string") for p in paths],
    )


def shown(props: dict) -> dict:
    return {p["structuredProperty"]["urn"]: [v["stringValue"] for v in p["values"]]
            for p in (props or {}).get("properties", [])}


def openapi(graph, server: str, kind: str, urn: str) -> dict:
    res = graph._session.get(f"{server}/openapi/v3/entity/{kind}/{quote(urn, safe='')}")
    assert res.status_code == 200, res.text
    return res.json()


def test_structured_properties_on_a_new_dataset_and_its_columns(graph, server, unique):
    prop = define(graph, f"io.neohub.sf{unique}.team")
    ds = make_dataset_urn("hive", f"sf_new_{unique}")
    col = make_schema_field_urn(ds, "ip")
    assert not graph.exists(ds)

    # The dataset does not exist: its first aspect (a PATCH of its structured properties) creates it.
    for mcp in DatasetPatchBuilder(ds).set_structured_property(prop, "data").build():
        graph.emit_mcp(mcp)
    # The column's entity neither: an UPSERT of its structured properties creates it.
    graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=col, aspect=m.StructuredPropertiesClass(
        properties=[m.StructuredPropertyValueAssignmentClass(propertyUrn=prop, values=["platform"])])))

    assert graph.exists(ds) and graph.exists(col)
    data = graph.execute_graphql(DATASET_QUERY, {"urn": ds})
    assert shown(data["dataset"]["structuredProperties"]) == {prop: ["data"]}
    entity = graph.execute_graphql(FIELD_QUERY, {"urn": col})["entity"]
    assert entity["type"] == "SCHEMA_FIELD" and entity["fieldPath"] == "ip" and entity["parent"]["urn"] == ds
    assert shown(entity["structuredProperties"]) == {prop: ["platform"]}

    # OpenAPI v3 (the union values keyed by their member, as DataHub answers them), and the SDK's reads.
    for kind, urn, value in [("dataset", ds, "data"), ("schemaField", col, "platform")]:
        got = openapi(graph, server, kind, urn)["structuredProperties"]["value"]["properties"]
        assert [(p["propertyUrn"], p["values"]) for p in got] == [(prop, [{"string": value}])]
        read = graph.get_aspect(urn, m.StructuredPropertiesClass)
        assert [(p.propertyUrn, p.values) for p in read.properties] == [(prop, [value])]


def test_schema_field_entities_follow_the_schema(graph, server, unique):
    ds = make_dataset_urn("hive", f"sf_schema_{unique}")
    keep, gone = make_schema_field_urn(ds, "keep"), make_schema_field_urn(ds, "gone")
    graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.StatusClass(removed=False)))
    graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=schema("keep", "gone")))

    assert graph.exists(keep) and graph.exists(gone)
    assert graph.get_aspect(keep, m.SchemaFieldAliasesClass).aliases == [keep]
    entity = graph.execute_graphql(FIELD_QUERY, {"urn": gone})["entity"]
    assert entity["urn"] == gone and entity["parent"]["urn"] == ds

    # The field leaves the schema: its entity is soft-deleted (status.removed), as DataHub does it.
    graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=schema("keep")))
    assert graph.get_aspect(gone, m.StatusClass).removed is True
    assert graph.get_aspect(keep, m.StatusClass).removed is False
    assert graph.exists(gone)  # soft-deleted, not gone: its key and status stay

    # The dataset soft-deleted: its fields with it.
    graph.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.StatusClass(removed=True)))
    assert graph.get_aspect(keep, m.StatusClass).removed is True
