"""exists, missing aspects, relationships in every direction with paging, soft and hard delete."""
from datahub.emitter.mce_builder import make_dataset_urn, make_user_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.ingestion.graph.client import DataHubGraph
from datahub.metadata import schema_classes as m

AUDIT = m.AuditStampClass(time=1700000000000, actor="urn:li:corpuser:conformance")
INCOMING = DataHubGraph.RelationshipDirection.INCOMING
OUTGOING = DataHubGraph.RelationshipDirection.OUTGOING


def related(graph, urn, types, direction):
    return sorted((r.urn, r.relationship_type) for r in graph.get_related_entities(urn, types, direction))


def test_exists_and_missing_aspect(emitter, graph, unique):
    ds = make_dataset_urn("hive", f"exists_{unique}")
    assert graph.exists(ds) is False
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.StatusClass(removed=False)))
    assert graph.exists(ds) is True
    assert graph.get_aspect(ds, m.OwnershipClass) is None


def test_related_entities(emitter, graph, unique):
    user = make_user_urn(f"rel_{unique}")
    up = make_dataset_urn("hive", f"rel_up_{unique}")
    down = make_dataset_urn("hive", f"rel_down_{unique}")
    feature = f"urn:li:mlFeature:(rel_{unique},f1)"
    model = f"urn:li:mlModel:(urn:li:dataPlatform:science,rel_{unique},PROD)"
    group = f"urn:li:mlModelGroup:(urn:li:dataPlatform:science,rel_{unique},PROD)"
    table = f"urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,rel_{unique})"
    chart = f"urn:li:chart:(looker,rel_{unique})"
    board = f"urn:li:dashboard:(looker,rel_{unique})"
    tag = f"urn:li:tag:rel_{unique}"
    changes = m.ChangeAuditStampsClass(created=AUDIT, lastModified=AUDIT)
    emitter.emit_mcps([
        MetadataChangeProposalWrapper(entityUrn=down, aspect=m.OwnershipClass(owners=[m.OwnerClass(owner=user, type=m.OwnershipTypeClass.DATAOWNER)])),
        MetadataChangeProposalWrapper(entityUrn=down, aspect=m.UpstreamLineageClass(upstreams=[m.UpstreamClass(dataset=up, type=m.DatasetLineageTypeClass.TRANSFORMED, auditStamp=AUDIT)])),
        MetadataChangeProposalWrapper(entityUrn=down, aspect=m.GlobalTagsClass(tags=[m.TagAssociationClass(tag=tag)])),
        MetadataChangeProposalWrapper(entityUrn=feature, aspect=m.MLFeaturePropertiesClass(sources=[down])),
        MetadataChangeProposalWrapper(entityUrn=table, aspect=m.MLFeatureTablePropertiesClass(mlFeatures=[feature])),
        MetadataChangeProposalWrapper(entityUrn=model, aspect=m.MLModelPropertiesClass(mlFeatures=[feature], groups=[group])),
        MetadataChangeProposalWrapper(entityUrn=chart, aspect=m.ChartInfoClass(title="c", description="", inputs=[down], lastModified=changes)),
        MetadataChangeProposalWrapper(entityUrn=board, aspect=m.DashboardInfoClass(title="b", description="", charts=[chart], lastModified=changes)),
    ])
    assert related(graph, user, ["OwnedBy"], INCOMING) == [(down, "OwnedBy")]
    assert related(graph, down, ["DownstreamOf", "OwnedBy", "TaggedWith"], OUTGOING) == sorted([(up, "DownstreamOf"), (user, "OwnedBy"), (tag, "TaggedWith")])
    assert related(graph, down, ["DerivedFrom", "Consumes"], INCOMING) == sorted([(feature, "DerivedFrom"), (chart, "Consumes")])
    assert related(graph, model, ["Consumes", "MemberOf"], OUTGOING) == sorted([(feature, "Consumes"), (group, "MemberOf")])
    assert related(graph, table, ["Contains"], OUTGOING) == [(feature, "Contains")]
    assert related(graph, board, ["Contains"], OUTGOING) == [(chart, "Contains")]


def test_related_entities_page_past_100(emitter, graph, unique):
    owner = make_user_urn(f"many_{unique}")
    urns = [make_dataset_urn("hive", f"many_{unique}_{i:03d}") for i in range(120)]
    emitter.emit_mcps([MetadataChangeProposalWrapper(entityUrn=u, aspect=m.OwnershipClass(owners=[m.OwnerClass(owner=owner, type=m.OwnershipTypeClass.DATAOWNER)])) for u in urns])
    got = [r.urn for r in graph.get_related_entities(owner, ["OwnedBy"], INCOMING)]
    assert sorted(got) == sorted(urns)


def test_soft_and_hard_delete(emitter, graph, unique):
    ds = make_dataset_urn("hive", f"del_{unique}")
    emitter.emit_mcps([
        MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetPropertiesClass(description="doomed")),
        MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetProfileClass(timestampMillis=1000, rowCount=1, columnCount=1)),
    ])
    graph.soft_delete_entity(ds)
    assert graph.get_aspect(ds, m.StatusClass).removed is True
    assert graph.get_aspect(ds, m.DatasetPropertiesClass).description == "doomed"
    rows, ts_rows = graph.hard_delete_entity(ds)
    assert rows > 0 and ts_rows == 1
    assert graph.exists(ds) is False
    assert graph.get_aspect(ds, m.DatasetPropertiesClass) is None
