"""Every aspect of the spec, written with emit_mcp (the SDK: OpenAPI v3) and read back with get_aspect (Rest.li) and get_entities (OpenAPI v3), unchanged."""
import pytest
from datahub.emitter.mce_builder import make_dataset_urn, make_user_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m

AUDIT = m.AuditStampClass(time=1700000000000, actor="urn:li:corpuser:conformance")


def schema_metadata(name):
    def field(path, t, native, **kw):
        return m.SchemaFieldClass(fieldPath=path, type=m.SchemaFieldDataTypeClass(type=t), nativeDataType=native, **kw)

    return m.SchemaMetadataClass(
        schemaName=name,
        platform="urn:li:dataPlatform:kafka",
        version=0,
        created=AUDIT,
        lastModified=AUDIT,
        hash="",
        platformSchema=m.KafkaSchemaClass(documentSchema='{"type":"record"}'),
        fields=[
            field("id", m.NumberTypeClass(), "long", isPartOfKey=True, nullable=False),
            field("name", m.StringTypeClass(), "string", description="the name", nullable=True),
            field("when", m.DateTypeClass(), "date", recursive=False),
            field("address", m.RecordTypeClass(), "struct",
                  globalTags=m.GlobalTagsClass(tags=[m.TagAssociationClass(tag="urn:li:tag:pii")])),
        ],
    )


def owner_types(user):
    """The `ownerTypes` DataHub's service computes for one DATAOWNER owner (sent as it will be read)."""
    return {"urn:li:ownershipType:__system__dataowner": [user]}


def cases(u):
    ds = make_dataset_urn("hive", f"conformance.roundtrip_{u}")
    feature = f"urn:li:mlFeature:(ft_{u},feature_a)"
    pk = f"urn:li:mlPrimaryKey:(ft_{u},user_id)"
    table = f"urn:li:mlFeatureTable:(urn:li:dataPlatform:feast,ft_{u})"
    model = f"urn:li:mlModel:(urn:li:dataPlatform:science,model_{u},PROD)"
    group = f"urn:li:mlModelGroup:(urn:li:dataPlatform:science,group_{u},PROD)"
    user = make_user_urn(f"user_{u}")
    chart = f"urn:li:chart:(looker,chart_{u})"
    return [
        (ds, m.DatasetPropertiesClass(description="props", name="roundtrip", customProperties={"k": "v"})),
        (ds, m.EditableDatasetPropertiesClass(description="edited", created=AUDIT)),
        (ds, m.InstitutionalMemoryClass(elements=[m.InstitutionalMemoryMetadataClass(url="https://wiki/x", description="doc", createStamp=AUDIT)])),
        (ds, schema_metadata(f"roundtrip_{u}")),
        (ds, m.EditableSchemaMetadataClass(created=AUDIT, editableSchemaFieldInfo=[
            m.EditableSchemaFieldInfoClass(fieldPath="name", description="edited column",
                                           globalTags=m.GlobalTagsClass(tags=[m.TagAssociationClass(tag="urn:li:tag:pii")]))])),
        (ds, m.GlobalTagsClass(tags=[m.TagAssociationClass(tag="urn:li:tag:gold")])),
        (ds, m.GlossaryTermsClass(terms=[m.GlossaryTermAssociationClass(urn="urn:li:glossaryTerm:Revenue")], auditStamp=AUDIT)),
        (ds, m.OwnershipClass(owners=[m.OwnerClass(owner=user, type=m.OwnershipTypeClass.DATAOWNER)], ownerTypes=owner_types(user), lastModified=AUDIT)),
        (ds, m.StatusClass(removed=False)),
        (ds, m.DeprecationClass(deprecated=True, decommissionTime=None, note="old", actor=user)),
        (ds, m.BrowsePathsClass(paths=[f"/prod/hive/roundtrip_{u}"])),
        (ds, m.DataPlatformInstanceClass(platform="urn:li:dataPlatform:hive")),
        (ds, m.UpstreamLineageClass(upstreams=[m.UpstreamClass(dataset=make_dataset_urn("hive", f"up_{u}"), type=m.DatasetLineageTypeClass.TRANSFORMED, auditStamp=AUDIT)])),
        (feature, m.MLFeaturePropertiesClass(description="f", dataType="TIME", version=m.VersionTagClass(versionTag="1"), sources=[ds])),
        (pk, m.MLPrimaryKeyPropertiesClass(description="pk", dataType="TEXT", sources=[ds])),
        (table, m.MLFeatureTablePropertiesClass(description="t", mlFeatures=[feature], mlPrimaryKeys=[pk])),
        (model, m.MLModelPropertiesClass(description="model", type="Naive Bayes classifier", groups=[group], mlFeatures=[feature],
                                         trainingMetrics=[m.MLMetricClass(name="auc", description="area", value="0.9")],
                                         hyperParams=[m.MLHyperParamClass(name="depth", description="tree depth", value="5")])),
        (group, m.MLModelGroupPropertiesClass(description="group")),
        (user, m.CorpUserInfoClass(active=True, displayName="Conformance", fullName="Conformance User", email="c@example.com")),
        (user, m.CorpUserEditableInfoClass()),
        (f"urn:li:corpGroup:group_{u}", m.CorpGroupInfoClass(email="g@example.com", admins=[user], members=[user], groups=[])),
        (chart, m.ChartInfoClass(title="chart", description="c", inputs=[ds], lastModified=m.ChangeAuditStampsClass(created=AUDIT, lastModified=AUDIT))),
        (f"urn:li:dashboard:(looker,board_{u})", m.DashboardInfoClass(title="board", description="b", charts=[chart], lastModified=m.ChangeAuditStampsClass(created=AUDIT, lastModified=AUDIT))),
        (f"urn:li:tag:tag_{u}", m.TagPropertiesClass(name=f"tag_{u}", description="a tag")),
        (f"urn:li:glossaryTerm:term_{u}", m.GlossaryTermInfoClass(definition="def", termSource="EXTERNAL", sourceRef="FIBO", sourceUrl="https://fibo", customProperties={"a": "b"})),
        (f"urn:li:glossaryTerm:term_{u}", m.OwnershipClass(owners=[m.OwnerClass(owner=user, type=m.OwnershipTypeClass.DATAOWNER)], ownerTypes=owner_types(user))),
    ]


NAMES = [type(a).__name__ for _, a in cases("x")]


@pytest.mark.parametrize("index", range(len(NAMES)), ids=NAMES)
def test_emit_mcp_then_get_aspect(emitter, graph, unique, index):
    urn, aspect = cases(unique)[index]
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=aspect))
    got = graph.get_aspect(urn, type(aspect))
    assert got is not None
    assert got.to_obj() == aspect.to_obj()


@pytest.mark.parametrize("index", range(len(NAMES)), ids=NAMES)
def test_openapi_write_then_openapi_read(emitter, graph, unique, index):
    """The SDK in OpenAPI mode both ways: emit_mcp writes through the v3 API, get_entities reads through it."""
    urn, aspect = cases(f"oa{unique}")[index]
    emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=urn, aspect=aspect))
    entity_type = urn.split(":")[2]
    found = graph.get_entities(entity_type, [urn], [aspect.ASPECT_NAME])
    got, _system_metadata = found[urn][aspect.ASPECT_NAME]
    assert got.to_obj() == aspect.to_obj()
