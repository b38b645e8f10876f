/**
 * Fastify's own schema compilers (@fastify/ajv-compiler for request validation,
 * @fastify/fast-json-stringify-compiler for response serialisation, with the options Fastify
 * gives them), deferred to first use: a route's validators and serializers are compiled on the
 * first request that needs them instead of for every route at start-up (issue 18: compiling them
 * all, plus one Ajv instance per plugin context with its meta-schema, was ~500 ms of CPU in
 * `bankdata start`). Passed as Fastify's `schemaController.compilersFactory` (src/app.ts).
 * Response schemas reach fast-json-stringify with their nullable and literal unions written as
 * plain types (src/lib/serialization-schema.ts): the same JSON without an Ajv per serializer.
 *
 * Validation and its errors are unchanged (the same Ajv options, the same error objects). One
 * difference from Fastify's default: with a custom compiler factory Fastify passes header schemas
 * as written instead of lower-casing their property names first, so header schemas must name
 * headers in lower case (src/lib/schemas.ts does). A schema that does not compile now fails its
 * route's first request (500) instead of the start; every route's schemas are compiled by the
 * tests that call it and by the OpenAPI document's test.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';
import { forSerialization, sharedForSerialization } from './serialization-schema.ts';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
/** What Fastify passes a compiler for one schema of one route (method, url, httpPart or httpStatus, ...). */
type RouteSchema = { schema: unknown; method: string; url: string };
/** A compiler factory as Fastify calls it: the context's shared schemas and the server's compiler options. */
type Factory<F> = (externalSchemas: unknown, options: unknown) => (route: RouteSchema) => F;
type Validate = ((data: unknown) => unknown) & { errors?: unknown };
type Serialize = (data: unknown) => string;

/** `compiler(route)` for `route`, with the compiler built by `factory` once per context, both on the first call. */
function deferred<F>(factory: Factory<F>, externalSchemas: unknown, options: unknown): (route: RouteSchema) => () => F {
  let compiler: ((route: RouteSchema) => F) | undefined;
  return (route) => {
    let compiled: F | undefined;
    return () => (compiled ??= (compiler ??= factory(externalSchemas, options))(route));
  };
}

const buildValidator = AjvCompiler() as unknown as Factory<Validate>;
const buildSerializer = SerializerSelector() as unknown as Factory<Serialize>;
/** fast-json-stringify on the schemas rewritten for serialisation (src/lib/serialization-schema.ts). */
const buildSerializerOfUnions: Factory<Serialize> = (externalSchemas, options) => {
  const build = buildSerializer(sharedForSerialization(externalSchemas), options);
  return (route) => build({ ...route, schema: forSerialization(route.schema) });
};

/** Validators compiled by Ajv on their first call; `errors` is the compiled function's, as Fastify reads it. */
const lazyValidator: Factory<Validate> = (externalSchemas, options) => {
  const compile = deferred(buildValidator, externalSchemas, options);
  return (route) => {
    const compiled = compile(route);
    const validate: Validate = (data) => {
      const fn = compiled();
      const result = fn(data);
      validate.errors = fn.errors;
      return result;
    };
    return validate;
  };
};

/** Serializers built by fast-json-stringify on their first call, unions rewritten to plain types (serialization-schema.ts). */
const lazySerializer: Factory<Serialize> = (externalSchemas, options) => {
  const compile = deferred(buildSerializerOfUnions, externalSchemas, options);
  return (route) => {
    const compiled = compile(route);
    return (data) => compiled()(data);
  };
};

/** Fastify's `schemaController.compilersFactory`: the default compilers, each route's schemas compiled on first use. */
export const lazySchemaCompilers = { buildValidator: lazyValidator, buildSerializer: lazySerializer } as unknown as Factories;
