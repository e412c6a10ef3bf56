"""emit_mcps batches, get_entity_raw, and legacy snapshot ingestion with emit_mce."""
from datahub.emitter.mce_builder import make_dataset_urn, make_user_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m

AUDIT = m.AuditStampClass(time=1700000000000, actor="urn:li:corpuser:conformance")


def test_emit_mcps_then_get_entity_raw(emitter, graph, unique):
    ds = make_dataset_urn("snowflake", f"db.batch_{unique}", "PROD")
    user = make_user_urn(f"batch_{unique}")
    emitter.emit_mcps([
        MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetPropertiesClass(description="batch")),
        MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.StatusClass(removed=False)),
        MetadataChangeProposalWrapper(entityUrn=user, aspect=m.CorpUserInfoClass(active=True, displayName="B")),
    ])
    raw = graph.get_entity_raw(ds)
    assert raw["urn"] == ds
    assert raw["aspects"]["datasetKey"]["value"] == {"platform": "urn:li:dataPlatform:snowflake", "name": f"db.batch_{unique}", "origin": "PROD"}
    assert raw["aspects"]["datasetProperties"]["value"]["description"] == "batch"
    only = graph.get_entity_raw(ds, aspects=["status"])
    assert list(only["aspects"].keys()) == ["status"]
    assert graph.get_aspect(user, m.CorpUserInfoClass).displayName == "B"
    semityped = graph.get_entity_semityped(ds)
    assert isinstance(semityped["datasetProperties"], m.DatasetPropertiesClass)


def mce(snapshot):
    return m.MetadataChangeEventClass(proposedSnapshot=snapshot)


def test_emit_mce_each_snapshot_type(emitter, graph, unique):
    user = make_user_urn(f"snap_{unique}")
    group = f"urn:li:corpGroup:snap_{unique}"
    ds = make_dataset_urn("hive", f"snap_{unique}")
    chart = f"urn:li:chart:(looker,snap_{unique})"
    board = f"urn:li:dashboard:(looker,snap_{unique})"
    tag = f"urn:li:tag:snap_{unique}"
    term = f"urn:li:glossaryTerm:snap_{unique}"
    changes = m.ChangeAuditStampsClass(created=AUDIT, lastModified=AUDIT)
    cases = [
        (m.CorpUserSnapshotClass(urn=user, aspects=[m.CorpUserInfoClass(active=True, displayName="Foo", fullName="Foo Bar", email="f@x.io")]), user, m.CorpUserInfoClass),
        (m.CorpGroupSnapshotClass(urn=group, aspects=[m.CorpGroupInfoClass(email="g@x.io", admins=[user], members=[user], groups=[])]), group, m.CorpGroupInfoClass),
        (m.DatasetSnapshotClass(urn=ds, aspects=[
            m.OwnershipClass(owners=[m.OwnerClass(owner=user, type=m.OwnershipTypeClass.DATAOWNER)], lastModified=AUDIT,
                             # As DataHub's service fills it from the owners.
                             ownerTypes={"urn:li:ownershipType:__system__dataowner": [user]}),
            m.GlobalTagsClass(tags=[m.TagAssociationClass(tag=tag)]),
            m.InstitutionalMemoryClass(elements=[m.InstitutionalMemoryMetadataClass(url="https://x", description="d", createStamp=AUDIT)]),
        ]), ds, m.OwnershipClass),
        (m.ChartSnapshotClass(urn=chart, aspects=[m.ChartInfoClass(title="c", description="d", inputs=[ds], lastModified=changes)]), chart, m.ChartInfoClass),
        (m.DashboardSnapshotClass(urn=board, aspects=[m.DashboardInfoClass(title="b", description="d", charts=[chart], lastModified=changes)]), board, m.DashboardInfoClass),
        (m.TagSnapshotClass(urn=tag, aspects=[m.TagPropertiesClass(name="t", description="d")]), tag, m.TagPropertiesClass),
        (m.GlossaryTermSnapshotClass(urn=term, aspects=[m.GlossaryTermInfoClass(definition="d", termSource="EXTERNAL")]), term, m.GlossaryTermInfoClass),
    ]
    for snapshot, urn, cls in cases:
        emitter.emit_mce(mce(snapshot))
        got = graph.get_aspect(urn, cls)
        assert got is not None, urn
        assert got.to_obj() == snapshot.aspects[0].to_obj()
    assert graph.get_aspect(ds, m.GlobalTagsClass).tags[0].tag == tag
    assert graph.get_aspect(ds, m.InstitutionalMemoryClass).elements[0].url == "https://x"


def test_soft_delete_and_restore_in_a_snapshot(emitter, graph, unique):
    chart = f"urn:li:chart:(looker,soft_{unique})"
    for removed in (True, False):
        emitter.emit_mce(mce(m.ChartSnapshotClass(urn=chart, aspects=[m.StatusClass(removed=removed)])))
        assert graph.get_aspect(chart, m.StatusClass).removed is removed
