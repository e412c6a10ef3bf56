"""The SDK's patch builders on entities that lack the aspect: the patch starts from DataHub's default
record (required lists empty, audit stamps by the system actor), as DataHub's service starts it."""
import pytest
from datahub.emitter.mce_builder import make_data_flow_urn, make_data_job_urn_with_flow, make_dataset_urn, make_schema_field_urn
from datahub.metadata import schema_classes as m
from datahub.specific.datajob import DataJobPatchBuilder
from datahub.specific.dataset import DatasetPatchBuilder

SYSTEM = "urn:li:corpuser:__datahub_system"


def fine_grained(down_field, up_field):
    return m.FineGrainedLineageClass(
        upstreamType=m.FineGrainedLineageUpstreamTypeClass.FIELD_SET, upstreams=[up_field],
        downstreamType=m.FineGrainedLineageDownstreamTypeClass.FIELD, downstreams=[down_field],
    )


@pytest.mark.filterwarnings("ignore:add_fine_grained_upstream_lineage")
@pytest.mark.parametrize("client", ["emitter", "restli_emitter"])
def test_dataset_lineage_and_field_term_patches_on_missing_aspects(client, request, graph, unique):
    emitter = request.getfixturevalue(client)
    down = make_dataset_urn("hive", f"pdef_down_{unique}_{client}")
    up = make_dataset_urn("hive", f"pdef_up_{unique}_{client}")
    term = f"urn:li:glossaryTerm:pdef_{unique}"
    lineage = fine_grained(make_schema_field_urn(down, "b"), make_schema_field_urn(up, "a"))
    patch = (
        DatasetPatchBuilder(down)
        .add_upstream_lineage(m.UpstreamClass(dataset=up, type=m.DatasetLineageTypeClass.TRANSFORMED))
        .add_fine_grained_upstream_lineage(lineage)
    )
    patch.for_field("b").add_term(m.GlossaryTermAssociationClass(term))
    for mcp in patch.build():
        emitter.emit_mcp(mcp)

    upstreams = graph.get_aspect(down, m.UpstreamLineageClass)
    assert [(u.dataset, u.type) for u in upstreams.upstreams] == [(up, "TRANSFORMED")]
    assert [(f.upstreams, f.downstreams, f.upstreamType, f.downstreamType) for f in upstreams.fineGrainedLineages] == [
        (lineage.upstreams, lineage.downstreams, "FIELD_SET", "FIELD")
    ]
    editable = graph.get_aspect(down, m.EditableSchemaMetadataClass)
    assert editable.created.actor == SYSTEM and editable.lastModified.actor == SYSTEM
    [info] = editable.editableSchemaFieldInfo
    assert info.fieldPath == "b"
    assert [t.urn for t in info.glossaryTerms.terms] == [term]
    assert info.glossaryTerms.auditStamp.actor == SYSTEM and info.glossaryTerms.auditStamp.time > 0


@pytest.mark.parametrize("client", ["emitter", "restli_emitter"])
def test_datajob_lineage_patches_on_a_missing_aspect(client, request, graph, unique):
    emitter = request.getfixturevalue(client)
    job = make_data_job_urn_with_flow(make_data_flow_urn("airflow", f"pdef_{unique}_{client}"), "job")
    up = make_dataset_urn("hive", f"pdef_in_{unique}_{client}")
    out = make_dataset_urn("hive", f"pdef_out_{unique}_{client}")
    lineage = fine_grained(make_schema_field_urn(out, "b"), make_schema_field_urn(up, "a"))
    for mcp in DataJobPatchBuilder(job).add_input_dataset(up).add_fine_grained_lineage(lineage).build():
        emitter.emit_mcp(mcp)

    io = graph.get_aspect(job, m.DataJobInputOutputClass)
    assert [e.destinationUrn for e in io.inputDatasetEdges] == [up]
    assert io.inputDatasets == [] and io.outputDatasets == [] and io.outputDatasetEdges == []
    assert io.inputDatajobEdges == [] and io.inputDatasetFields == [] and io.outputDatasetFields == []
    assert [(f.upstreams, f.downstreams) for f in io.fineGrainedLineages] == [(lineage.upstreams, lineage.downstreams)]
