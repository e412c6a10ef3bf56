"""`ownership.ownerTypes`, computed by the service on every write of ownership, as DataHub's is."""
from datahub.emitter.mce_builder import make_dataset_urn, make_user_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m
from datahub.specific.dataset import DatasetPatchBuilder

TECH = "urn:li:ownershipType:__system__technical_owner"
BIZ = "urn:li:ownershipType:__system__business_owner"


def test_emitted_ownership_reads_back_with_owner_types(emitter, restli_emitter, graph, unique):
    alice, bob = make_user_urn(f"ot_alice_{unique}"), make_user_urn(f"ot_bob_{unique}")
    for name, client in (("openapi", emitter), ("restli", restli_emitter)):
        ds = make_dataset_urn("hive", f"owner_types_{name}_{unique}")
        client.emit_mcp(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.OwnershipClass(owners=[
            m.OwnerClass(owner=alice, type=m.OwnershipTypeClass.TECHNICAL_OWNER),
            m.OwnerClass(owner=bob, type=m.OwnershipTypeClass.CUSTOM, typeUrn=BIZ),
        ])))
        got = graph.get_aspect(ds, m.OwnershipClass)
        assert got.ownerTypes == {TECH: [alice], BIZ: [bob]}, name
        found = graph.get_entities("dataset", [ds], ["ownership"])
        assert found[ds]["ownership"][0].ownerTypes == {TECH: [alice], BIZ: [bob]}, name


def test_patched_owners_update_owner_types(emitter, graph, unique):
    ds = make_dataset_urn("hive", f"owner_types_patch_{unique}")
    alice, bob = make_user_urn(f"otp_alice_{unique}"), make_user_urn(f"otp_bob_{unique}")
    for mcp in DatasetPatchBuilder(ds).add_owner(m.OwnerClass(owner=alice, type=m.OwnershipTypeClass.TECHNICAL_OWNER)).build():
        emitter.emit_mcp(mcp)
    assert graph.get_aspect(ds, m.OwnershipClass).ownerTypes == {TECH: [alice]}
    for mcp in DatasetPatchBuilder(ds).add_owner(m.OwnerClass(owner=bob, type=m.OwnershipTypeClass.TECHNICAL_OWNER)).build():
        emitter.emit_mcp(mcp)
    assert sorted(graph.get_aspect(ds, m.OwnershipClass).ownerTypes[TECH]) == sorted([alice, bob])
    for mcp in DatasetPatchBuilder(ds).remove_owner(alice).build():
        emitter.emit_mcp(mcp)
    assert graph.get_aspect(ds, m.OwnershipClass).ownerTypes == {TECH: [bob]}
