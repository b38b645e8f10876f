/** Path of the generated src/schema.ts. */
export declare const schemaPath: string;
/** The text of src/schema.ts for `document` (an OpenAPI 3.1 object). */
export declare function generateTypes(document: object): Promise<string>;
