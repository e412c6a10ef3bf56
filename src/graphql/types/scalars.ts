import { GraphQLLong } from 'graphql-scalars';

/** DataHub's `Long` scalar: epoch milliseconds and other 64-bit integers. */
export const Long = GraphQLLong;
