// Schemas of the ml records, transcribed from DataHub's published aspect models (field names, types,
// optionality and defaults are wire facts). Generated once by a throwaway script; edit by hand from now on.
import {
  array,
  boolean,
  double,
  float,
  int,
  time,
  map,
  optional,
  record,
  string,
  union,
  urn,
  withDefault,
} from '../schema.js';
import { MLFeatureDataType, TimeStamp, VersionTag } from './common.js';

export const EditableMLFeatureProperties = record('com.linkedin.ml.metadata.EditableMLFeatureProperties', {
  description: optional(string),
});

export const EditableMLFeatureTableProperties = record(
  'com.linkedin.ml.metadata.EditableMLFeatureTableProperties',
  {
    description: optional(string),
  },
);

export const EditableMLModelGroupProperties = record(
  'com.linkedin.ml.metadata.EditableMLModelGroupProperties',
  {
    description: optional(string),
  },
);

export const EditableMLModelProperties = record('com.linkedin.ml.metadata.EditableMLModelProperties', {
  description: optional(string),
});

export const EditableMLPrimaryKeyProperties = record(
  'com.linkedin.ml.metadata.EditableMLPrimaryKeyProperties',
  {
    description: optional(string),
  },
);

export const MLFeatureProperties = record('com.linkedin.ml.metadata.MLFeatureProperties', {
  customProperties: withDefault(map(string), {}),
  description: optional(string),
  dataType: optional(MLFeatureDataType),
  version: optional(VersionTag),
  sources: optional(array(urn('dataset'))),
});

export const MLFeatureTableProperties = record('com.linkedin.ml.metadata.MLFeatureTableProperties', {
  customProperties: withDefault(map(string), {}),
  description: optional(string),
  mlFeatures: optional(array(urn('mlFeature'))),
  mlPrimaryKeys: optional(array(urn('mlPrimaryKey'))),
});

export const MLHyperParam = record('com.linkedin.ml.metadata.MLHyperParam', {
  name: string,
  description: optional(string),
  value: optional(string),
  createdAt: optional(time),
});

export const MLMetric = record('com.linkedin.ml.metadata.MLMetric', {
  name: string,
  description: optional(string),
  value: optional(string),
  createdAt: optional(time),
});

export const MLModelGroupProperties = record('com.linkedin.ml.metadata.MLModelGroupProperties', {
  customProperties: withDefault(map(string), {}),
  trainingJobs: optional(array(string)),
  downstreamJobs: optional(array(string)),
  externalUrl: optional(string),
  name: optional(string),
  description: optional(string),
  createdAt: optional(time),
  created: optional(TimeStamp),
  lastModified: optional(TimeStamp),
  version: optional(VersionTag),
});

export const MLModelProperties = record('com.linkedin.ml.metadata.MLModelProperties', {
  customProperties: withDefault(map(string), {}),
  externalUrl: optional(string),
  trainingJobs: optional(array(string)),
  downstreamJobs: optional(array(string)),
  name: optional(string),
  description: optional(string),
  date: optional(time),
  created: optional(TimeStamp),
  lastModified: optional(TimeStamp),
  version: optional(VersionTag),
  type: optional(string),
  hyperParameters: optional(map(union(string, int, float, double, boolean))),
  hyperParams: optional(array(MLHyperParam)),
  trainingMetrics: optional(array(MLMetric)),
  onlineMetrics: optional(array(MLMetric)),
  mlFeatures: optional(array(urn('mlFeature'))),
  tags: withDefault(array(string), []),
  deployments: optional(array(urn('mlModelDeployment'))),
  groups: optional(array(urn('mlModelGroup'))),
});

export const MLPrimaryKeyProperties = record('com.linkedin.ml.metadata.MLPrimaryKeyProperties', {
  customProperties: withDefault(map(string), {}),
  description: optional(string),
  dataType: optional(MLFeatureDataType),
  version: optional(VersionTag),
  sources: array(urn('dataset')),
});
