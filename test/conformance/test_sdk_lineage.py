"""Lineage written through DataHub's SDK (`DataHubClient.lineage`): column-level lineage, which the SDK
writes as JSON Patch operations on `upstreamLineage.fineGrainedLineages` keyed by transform operation,
downstream, query and upstream (as DataHub's patch template has them), and lineage inferred from SQL,
which writes a `query` entity."""
from datahub.metadata.urns import DatasetUrn, SchemaFieldUrn
import datahub.metadata.schema_classes as m
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.emitter.rest_emitter import EmitMode


def _schema(urn: DatasetUrn, columns):
    return MetadataChangeProposalWrapper(
        entityUrn=str(urn),
        aspect=m.SchemaMetadataClass(
            schemaName=urn.name,
            platform="urn:li:dataPlatform:hive",
            version=0,
            hash="",
            platformSchema=m.OtherSchemaClass(rawSchema=""),
            fields=[
                m.SchemaFieldClass(fieldPath=c, type=m.SchemaFieldDataTypeClass(type=m.StringTypeClass()),
                                   nativeDataType="string")
                for c in columns
            ],
        ),
    )


def test_column_level_lineage_through_the_sdk(server, token, emitter, graph, unique):
    from datahub.sdk import DataHubClient

    client = DataHubClient(server=server, token=token)
    up = DatasetUrn("hive", f"cll_up_{unique}", "PROD")
    down = DatasetUrn("hive", f"cll_down_{unique}", "PROD")
    for urn in (up, down):
        emitter.emit_mcp(_schema(urn, ["id", "name", "email"]), emit_mode=EmitMode.SYNC_PRIMARY)

    client.lineage.add_lineage(upstream=str(up), downstream=str(down), column_lineage={"id": ["id"]})
    client.lineage.add_lineage(upstream=str(up), downstream=str(down),
                               column_lineage={"name": ["name", "email"]})

    lineage = graph.get_aspect(str(down), m.UpstreamLineageClass)
    assert lineage is not None
    assert [u.dataset for u in lineage.upstreams] == [str(up)]
    by_downstream = {fg.downstreams[0]: sorted(fg.upstreams) for fg in lineage.fineGrainedLineages or []}
    field = lambda ds, col: str(SchemaFieldUrn(str(ds), col))  # noqa: E731
    assert by_downstream == {
        field(down, "id"): [field(up, "id")],
        field(down, "name"): sorted([field(up, "name"), field(up, "email")]),
    }


def test_lineage_inferred_from_sql_writes_a_query(server, token, emitter, graph, unique):
    from datahub.sdk import DataHubClient

    client = DataHubClient(server=server, token=token)
    src = DatasetUrn("hive", f"db.sql_src_{unique}", "PROD")
    dst = DatasetUrn("hive", f"db.sql_dst_{unique}", "PROD")
    for urn in (src, dst):
        emitter.emit_mcp(_schema(urn, ["a", "b"]), emit_mode=EmitMode.SYNC_PRIMARY)

    client.lineage.infer_lineage_from_sql(
        query_text=f"INSERT INTO db.sql_dst_{unique} SELECT a, b FROM db.sql_src_{unique}", platform="hive")

    lineage = graph.get_aspect(str(dst), m.UpstreamLineageClass)
    assert lineage is not None and [u.dataset for u in lineage.upstreams] == [str(src)]
    queries = {u.query for u in lineage.upstreams} | {fg.query for fg in lineage.fineGrainedLineages or []}
    queries.discard(None)
    assert queries, "the inferred lineage names no query"
    for q in queries:
        props = graph.get_aspect(q, m.QueryPropertiesClass)
        assert props is not None and "SELECT a, b" in props.statement.value
