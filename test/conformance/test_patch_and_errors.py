"""PATCH through the client's patch builders, and bad input rejected without writing anything."""
import json

import pytest
from datahub.configuration.common import OperationalError
from datahub.emitter.mce_builder import make_dataset_urn, make_user_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m
from datahub.specific.dataset import DatasetPatchBuilder


def test_patch_builder_merges(emitter, graph, unique):
    ds = make_dataset_urn("hive", f"patch_{unique}")
    alice, bob = make_user_urn(f"alice_{unique}"), make_user_urn(f"bob_{unique}")
    emitter.emit_mcps([
        MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.GlobalTagsClass(tags=[m.TagAssociationClass(tag="urn:li:tag:a")])),
        MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.OwnershipClass(owners=[m.OwnerClass(owner=alice, type=m.OwnershipTypeClass.DATAOWNER)])),
        MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetPropertiesClass(description="before", customProperties={"keep": "1"})),
    ])
    patch = (
        DatasetPatchBuilder(ds)
        .add_tag(m.TagAssociationClass(tag="urn:li:tag:b"))
        .add_owner(m.OwnerClass(owner=bob, type=m.OwnershipTypeClass.TECHNICAL_OWNER))
        .set_description("after")
        .add_custom_property("added", "2")
        .add_upstream_lineage(m.UpstreamClass(dataset=make_dataset_urn("hive", f"patch_up_{unique}"), type=m.DatasetLineageTypeClass.COPY))
    )
    for mcp in patch.build():
        emitter.emit_mcp(mcp)
    assert sorted(t.tag for t in graph.get_aspect(ds, m.GlobalTagsClass).tags) == ["urn:li:tag:a", "urn:li:tag:b"]
    assert sorted(o.owner for o in graph.get_aspect(ds, m.OwnershipClass).owners) == sorted([alice, bob])
    props = graph.get_aspect(ds, m.DatasetPropertiesClass)
    assert props.description == "after" and props.customProperties == {"keep": "1", "added": "2"}
    assert len(graph.get_aspect(ds, m.UpstreamLineageClass).upstreams) == 1

    for mcp in DatasetPatchBuilder(ds).remove_tag("urn:li:tag:a").remove_owner(alice).build():
        emitter.emit_mcp(mcp)
    assert [t.tag for t in graph.get_aspect(ds, m.GlobalTagsClass).tags] == ["urn:li:tag:b"]
    assert [o.owner for o in graph.get_aspect(ds, m.OwnershipClass).owners] == [bob]


def raw_mcp(urn, aspect_name, value):
    return m.MetadataChangeProposalClass(
        entityType="dataset", entityUrn=urn, changeType=m.ChangeTypeClass.UPSERT, aspectName=aspect_name,
        aspect=m.GenericAspectClass(value=json.dumps(value).encode(), contentType="application/json"),
    )


def test_wrong_field_type_is_rejected(emitter, graph, unique):
    ds = make_dataset_urn("hive", f"bad_{unique}")
    with pytest.raises(OperationalError) as err:
        emitter.emit_mcp(raw_mcp(ds, "status", {"removed": "definitely"}))
    assert "/removed" in str(err.value)
    assert graph.get_aspect(ds, m.StatusClass) is None


class NewerDatasetProperties(m.DatasetPropertiesClass):
    """datasetProperties as a newer client's model has it: with a field neohub's pinned model lacks."""

    def to_obj(self, tuples=False):
        return {**super().to_obj(tuples=tuples), "flavour": "salty"}


@pytest.mark.parametrize("client", ["emitter", "restli_emitter"])
def test_unknown_field_is_dropped(request, graph, unique, client):
    """DataHub's service drops a field its model lacks; neohub too, and names it in a response header."""
    emitter = request.getfixturevalue(client)
    ds = make_dataset_urn("hive", f"unknown_{unique}")
    headers = []
    hook = lambda res, *args, **kwargs: headers.append(res.headers.get("X-Neohub-Dropped-Fields"))  # noqa: E731
    emitter._session.hooks["response"].append(hook)
    try:
        emitter.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=NewerDatasetProperties(description="x")))
    finally:
        emitter._session.hooks["response"].remove(hook)
    assert "datasetProperties/flavour" in headers
    props = graph.get_aspect(ds, m.DatasetPropertiesClass)
    assert props is not None and props.description == "x"
    raw = graph.get_entity_raw(ds, ["datasetProperties"])["aspects"]["datasetProperties"]["value"]
    assert "flavour" not in raw and raw["description"] == "x"


def test_malformed_urn_is_rejected(emitter, graph):
    with pytest.raises(OperationalError):
        emitter.emit_mcp(raw_mcp("urn:li:dataset:(urn:li:dataPlatform:hive,missing_env)", "status", {"removed": False}))
