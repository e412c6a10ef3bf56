"""DataHub's side effects of a write, read back through DataHub's client: version sets (a version's
isLatest, the set's latest) and the default aspects of a new entity (key, browsePathsV2,
dataPlatformInstance)."""
from datahub.emitter.mce_builder import make_dataset_urn, make_ml_model_urn
from datahub.emitter.mcp import MetadataChangeProposalWrapper
from datahub.metadata import schema_classes as m


def version(set_urn: str, tag: str, sort_id: str) -> m.VersionPropertiesClass:
    return m.VersionPropertiesClass(
        versionSet=set_urn,
        version=m.VersionTagClass(versionTag=tag),
        sortId=sort_id,
        versioningScheme=m.VersioningSchemeClass.ALPHANUMERIC_GENERATED_BY_DATAHUB,
    )


def test_version_set_latest_from_emitted_versions(emitter, graph, unique):
    set_urn = f"urn:li:versionSet:(models_{unique},mlModel)"
    v1 = make_ml_model_urn("mlflow", f"model_{unique}_v1", "PROD")
    v2 = make_ml_model_urn("mlflow", f"model_{unique}_v2", "PROD")
    emitter.emit(MetadataChangeProposalWrapper(entityUrn=v1, aspect=version(set_urn, "1", "AAAAAAAA")))
    assert graph.get_aspect(v1, m.VersionPropertiesClass).isLatest is True
    assert graph.get_aspect(set_urn, m.VersionSetPropertiesClass).latest == v1

    emitter.emit(MetadataChangeProposalWrapper(entityUrn=v2, aspect=version(set_urn, "2", "AAAAAAAB")))
    assert graph.get_aspect(v2, m.VersionPropertiesClass).isLatest is True
    assert graph.get_aspect(v1, m.VersionPropertiesClass).isLatest is False
    props = graph.get_aspect(set_urn, m.VersionSetPropertiesClass)
    assert props.latest == v2
    assert props.versioningScheme == m.VersioningSchemeClass.ALPHANUMERIC_GENERATED_BY_DATAHUB

    # The latest version deleted: latest goes back to the one before.
    graph.hard_delete_entity(v2)
    assert graph.get_aspect(set_urn, m.VersionSetPropertiesClass).latest == v1
    assert graph.get_aspect(v1, m.VersionPropertiesClass).isLatest is True


def test_versions_linked_and_unlinked_through_the_sdk(emitter, graph, unique):
    """DataHubGraph's versioning API (linkAssetVersion / unlinkAssetVersion over GraphQL)."""
    v1, v2 = (make_ml_model_urn("mlflow", f"linked_{unique}_{n}", "PROD") for n in ("v1", "v2"))
    for v in (v1, v2):
        emitter.emit(MetadataChangeProposalWrapper(entityUrn=v, aspect=m.MLModelPropertiesClass(name=v)))

    set_urn = graph.link_asset_to_version_set(v1, None, "1.0", comment="first")
    assert set_urn and set_urn.startswith("urn:li:versionSet:(") and set_urn.endswith(",mlModel)")
    first = graph.get_aspect(v1, m.VersionPropertiesClass)
    assert (first.versionSet, first.version.versionTag, first.sortId, first.comment) == (
        set_urn,
        "1.0",
        "AAAAAAAA",
        "first",
    )
    assert first.versioningScheme == m.VersioningSchemeClass.ALPHANUMERIC_GENERATED_BY_DATAHUB
    assert first.isLatest is True

    assert graph.link_asset_to_versioned_asset(v2, v1, "2.0") == set_urn
    second = graph.get_aspect(v2, m.VersionPropertiesClass)
    assert (second.sortId, second.isLatest) == ("AAAAAAAB", True)
    assert graph.get_aspect(v1, m.VersionPropertiesClass).isLatest is False
    assert graph.get_aspect(set_urn, m.VersionSetPropertiesClass).latest == v2
    # Already linked: the client answers None without asking.
    assert graph.link_asset_to_versioned_asset(v2, v1, "2.0") is None

    assert graph.unlink_latest_asset_from_version_set(set_urn) == set_urn
    assert graph.get_aspect(v2, m.VersionPropertiesClass) is None
    assert graph.get_aspect(set_urn, m.VersionSetPropertiesClass).latest == v1
    assert graph.get_aspect(v1, m.VersionPropertiesClass).isLatest is True
    assert graph.unlink_asset_from_version_set(v2) is None

    assert graph.unlink_asset_from_version_set(v1) == set_urn
    assert graph.get_aspect(set_urn, m.VersionSetPropertiesClass) is None


def test_new_dataset_reads_back_with_default_aspects(emitter, graph, unique):
    ds = make_dataset_urn("snowflake", f"analytics_{unique}.public.orders", "PROD")
    emitter.emit(MetadataChangeProposalWrapper(entityUrn=ds, aspect=m.DatasetPropertiesClass(description="d")))
    assert graph.get_aspect(ds, m.DataPlatformInstanceClass) == m.DataPlatformInstanceClass(
        platform="urn:li:dataPlatform:snowflake"
    )
    paths = graph.get_aspect(ds, m.BrowsePathsV2Class)
    assert [e.id for e in paths.path] == [f"analytics_{unique}", "public"]
    assert graph.get_aspect(ds, m.DatasetKeyClass).name == f"analytics_{unique}.public.orders"
    raw = graph.get_entity_raw(ds)
    assert {"datasetKey", "browsePathsV2", "dataPlatformInstance", "datasetProperties"} <= set(raw["aspects"])

    # What the client sends itself is kept: no default replaces it.
    own = make_dataset_urn("snowflake", f"own_{unique}.t", "PROD")
    emitter.emit(
        MetadataChangeProposalWrapper(
            entityUrn=own,
            aspect=m.BrowsePathsV2Class(path=[m.BrowsePathEntryClass(id="mine")]),
        )
    )
    assert [e.id for e in graph.get_aspect(own, m.BrowsePathsV2Class).path] == ["mine"]


def test_built_in_data_platforms_read_through_the_sdk(graph):
    """The data platforms DataHub's service bootstraps are there from the start (OpenApi, vertexai)."""
    for urn, name in [("urn:li:dataPlatform:OpenApi", "openapi"), ("urn:li:dataPlatform:vertexai", "vertexai")]:
        info = graph.get_aspect(urn, m.DataPlatformInfoClass)
        assert info is not None, urn
        assert info.name == name
        assert info.type and info.datasetNameDelimiter is not None
