/**
 * Types of the bankdata API generated from openapi.json by openapi-typescript.
 * Do not edit: run `npm run openapi` in the service's repository.
 */

export interface paths {
    "/v1/partner/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Partner configuration */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["PartnerConfig"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/partner/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Metered live usage per event type and day
         * @description Counts of billable live events (connections that became Active, successful refreshes, successful reconnects) per UTC day from `from` to `to` inclusive (default: the 30 days up to today; at most 366 days). A sandbox key gets the same shape with `metered: false` and zero counts: sandbox is never metered.
         */
        get: {
            parameters: {
                query?: {
                    /** @description UTC day, YYYY-MM-DD */
                    from?: string;
                    /** @description UTC day, YYYY-MM-DD */
                    to?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Usage"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List banks available to the partner */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description cursor from the previous page */
                    nextCursor?: string;
                    /**
                     * @description ISO 3166-1 alpha-2
                     * @example CZ
                     */
                    country?: string;
                    /** @description case-insensitive substring of the name */
                    search?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Page of providers */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limit: number;
                            /** @description null on the last page */
                            nextCursor: string | null;
                            data: components["schemas"]["Provider"][];
                        };
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a client (upsert by externalId)
         * @description Answers 201 with a new client, or 200 with the existing client when externalId matches one; never a duplicate.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: email */
                        email: string;
                        /**
                         * @description ISO 3166-1 alpha-2
                         * @example CZ
                         */
                        countryCode: string;
                        /** @description the partner's own user identifier */
                        externalId?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Client"];
                    };
                };
                /** @description Default Response */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Client"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clients/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Recover a client by externalId */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description the partner's own user identifier */
                        externalId: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Client"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clients/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a client and purge its data
         * @description Revokes active consents at the bank, then deletes the client with its connections, accounts, transactions and sessions. X-Client-Id must equal clientId.
         */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a connection (direct flow)
         * @description Creates a Pending connection and answers the bank authorization address (`redirectUrl`). Send the user there; they come back to returnUrl with connectionId, resultCode (Ok or Error) and error. The connection becomes Active once accounts and transactions are downloaded (ConnectionCreateSuccess) or Disabled (ConnectionCreateFailed); a journey not completed within about 22 minutes becomes Disabled. returnUrl must be http(s) or an app link (javascript:, data:, file:, tel:, mailto: and other schemes that open no page are refused). Live banks need the IP address of the user: pass psuIpAddress, or send the user to redirectUrl, which then opens on this service before the bank. A bank that cannot be reached answers 503 internal_error: retry later.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                    /** @description replay-safe retries (24 hours, per partner): 1 to 255 characters, bare or as a structured-field string ("..."); a UUID is recommended */
                    "idempotency-key"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-application-name"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-client-app-version"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-client-osversion"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-client-platform"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uri
                         * @description http(s) or an app link
                         */
                        returnUrl: string;
                        /** Format: uuid */
                        providerId: string;
                        /**
                         * @description BCP 47 language tag such as `cs`, `cs-CZ` or `CS`; its language (ISO 639-1, lower case) is stored and used. An unknown language, or a value that is not a BCP 47 tag, falls back to `en`.
                         * @example en
                         * @example cs-CZ
                         */
                        locale?: string;
                        subscribeToAllAccounts?: boolean;
                        /** @description effective only where the partner is permitted */
                        skipConsentScreen?: boolean;
                        /** @description Personal, Shared or Business, any case; any other value means Personal */
                        ownershipType?: string;
                        /** @description the end user's IPv4 or IPv6 address (PSU-IP-Address), which live banks require to start a consent: given, the bank authorization starts at once; else redirectUrl opens on this service first, which takes the address from the user's browser (docs/live.md) */
                        psuIpAddress?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            connectionId: string;
                            /**
                             * Format: date-time
                             * @description end of the initiation window; the current time for directRedirect providers
                             */
                            expiresAt: string;
                            /**
                             * Format: uri
                             * @description bank authorization address to send the user to
                             */
                            redirectUrl: string;
                        };
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; retry shortly */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description idempotency_key_mismatch: this Idempotency-Key was used with a different request */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/{connectionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a connection */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Connection"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete a connection
         * @description Revokes the consent at the bank when Active (or Pending with its download running), then deletes the connection with its accounts and transactions.
         */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description deleted */
                204: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/{connectionId}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh transactions in the background
         * @description Requires capability refresh. Answers 202 and fetches new transactions in the background (TransactionsFetchingProgress, then ConnectionRefreshSuccess or ConnectionRefreshFailed). Never redirects the user: returnUrl is accepted and ignored. Guards: refresh_in_progress, refresh_cooldown (10 minutes after a successful refresh), refresh_quota_exceeded (per-provider daily quota), background_refresh_not_allowed (406; the connection becomes Inactive and ConnectionConsentRevoked follows). With psuIpAddress (the user is present) the refresh is not counted against, nor refused by, the daily quota.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uri */
                        returnUrl?: string;
                        locale?: string;
                        /** @description the end user's IPv4 or IPv6 address, when the user is present: the bank reads with it (PSU-IP-Address) and the refresh does not count against the daily quota */
                        psuIpAddress?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                202: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @enum {string} */
                            status: "Accepted";
                            /** Format: date-time */
                            nextRefreshPossibleAt: string;
                        };
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                406: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/{connectionId}/reconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reconnect: renew consent through the bank
         * @description Requires capability reconnect. Starts a new bank journey on the same connection (always redirects the user); on success it is Active again with its accounts and transactions (ConnectionCreateSuccess with data.reconnect). Disabled connections answer connection_not_recoverable. Active connections may reconnect too (renew consent early, e.g. to authorize more accounts with subscribeToAllAccounts).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                    /** @description replay-safe retries (24 hours, per partner): 1 to 255 characters, bare or as a structured-field string ("..."); a UUID is recommended */
                    "idempotency-key"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-application-name"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-client-app-version"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-client-osversion"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-client-platform"?: string;
                };
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uri */
                        returnUrl: string;
                        /**
                         * @description BCP 47 language tag such as `cs`, `cs-CZ` or `CS`; its language (ISO 639-1, lower case) is stored and used. An unknown language, or a value that is not a BCP 47 tag, falls back to `en`.
                         * @example en
                         * @example cs-CZ
                         */
                        locale?: string;
                        subscribeToAllAccounts?: boolean;
                        skipConsentScreen?: boolean;
                        /** @description the end user's IPv4 or IPv6 address (PSU-IP-Address), which live banks require to start a consent: given, the bank authorization starts at once; else redirectUrl opens on this service first, which takes the address from the user's browser (docs/live.md) */
                        psuIpAddress?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            connectionId: string;
                            /**
                             * Format: date-time
                             * @description end of the initiation window; the current time for directRedirect providers
                             */
                            expiresAt: string;
                            /**
                             * Format: uri
                             * @description bank authorization address to send the user to
                             */
                            redirectUrl: string;
                        };
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; retry shortly */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description idempotency_key_mismatch: this Idempotency-Key was used with a different request */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                503: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/{connectionId}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke consent
         * @description Revokes the consent at the bank; the connection becomes Inactive (ConnectionConsentRevoked). Revoking an Inactive connection is a 200 no-op without callback; a Disabled one answers connection_not_recoverable.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Connection"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                403: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connections/{connectionId}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts of a connection
         * @description A raw JSON array, at most 100 accounts, not paginated: the subscribed accounts, or every account with subscription=all.
         */
        get: {
            parameters: {
                query?: {
                    subscription?: "subscribed" | "all";
                };
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Account"][];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/accounts/{accountId}/subscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unsubscribe an account
         * @description Excludes the account from data retrieval; it stays on the connection but gets no new data.
         */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    accountId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Account"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Subscribe an account
         * @description Includes the account in data retrieval again (only accounts the bank authorized).
         */
        patch: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    accountId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Account"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/v1/accounts/{accountId}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List transactions of an account
         * @description Newest first by recordDate, then id. Iterate with nextCursor until it is null. limit=0 answers no data and the nextCursor of the position (null when nothing follows it).
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    /** @description cursor from the previous page */
                    nextCursor?: string;
                    /** @description repeat the parameter for several; leading zeros are ignored on both sides */
                    variableSymbol?: string[];
                    /** @description the same filter in bracket-array style (variableSymbol[]=1&variableSymbol[]=2); combined with variableSymbol, at most 20 in all */
                    "variableSymbol[]"?: string[];
                };
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    accountId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Page of transactions */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            limit: number;
                            /** @description null on the last page */
                            nextCursor: string | null;
                            data: components["schemas"]["Transaction"][];
                        };
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connect-sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a connect session (hosted flow)
         * @description Answers a one-time hostedUrl to send the user to: bank picker (skipped with providerId), consent information, the bank, progress and account selection, then a redirect to returnUrl with connectionId, resultCode (Ok, Error or Cancelled), sessionId and error. returnUrl must match one of the partner's registered return-URL patterns. The connection is created when the user confirms a bank and then behaves like a direct one; its webhooks carry sessionId. The session expires at expiresAt (30 minutes).
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                    /** @description replay-safe retries (24 hours, per partner): 1 to 255 characters, bare or as a structured-field string ("..."); a UUID is recommended */
                    "idempotency-key"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-application-name"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-client-app-version"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-client-osversion"?: string;
                    /** @description analytics only; stored up to 255 characters, longer values are cut */
                    "x-client-platform"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * Format: uri
                         * @description must match a registered return-URL pattern (web URL, universal/app link or custom scheme)
                         */
                        returnUrl: string;
                        /**
                         * @description BCP 47 language tag such as `cs`, `cs-CZ` or `CS`; its language (ISO 639-1, lower case) is stored and used. An unknown language, or a value that is not a BCP 47 tag, falls back to `en`.
                         * @example en
                         * @example cs-CZ
                         */
                        locale?: string;
                        /**
                         * @description ISO 3166-1 alpha-2
                         * @example CZ
                         */
                        country?: string;
                        /** @description skips the bank picker */
                        providerId?: string | null;
                        /** @description effective only where the partner is permitted */
                        skipConsentScreen?: boolean;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            sessionId: string;
                            /**
                             * Format: uri
                             * @description one-time: the first load consumes it
                             */
                            hostedUrl: string;
                            /**
                             * Format: date-time
                             * @description UTC ISO 8601
                             */
                            expiresAt: string;
                        };
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description idempotency_key_in_use: a request with this Idempotency-Key is still running; retry shortly */
                409: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description idempotency_key_mismatch: this Idempotency-Key was used with a different request */
                422: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/connect-sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a connect session
         * @description For troubleshooting and reconciliation; webhooks remain authoritative. A session is kept until 30 days after it ended (Completed, Failed, Cancelled or Expired); then not_found.
         */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConnectSession"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/connections/{connectionId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish an open bank journey
         * @description Completes the bank authorization of a connection (creation or reconnect) as the test user `username` (default user_ok) with the given outcome; answers the returnUrl the user would land on. Ok then downloads the data like a real journey. As on the sandbox bank page, the test user decides too: user_fail is refused (Error) and user_cancel cancels, whatever the outcome.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        outcome: "Ok" | "Error" | "Cancelled";
                        /** @description sandbox test user, e.g. user_slow or error.bank_unavailable */
                        username?: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** Format: uuid */
                            connectionId: string;
                            /** Format: uri */
                            returnUrl: string;
                        };
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/connect-sessions/{sessionId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Drive a connect session without a browser
         * @description Finishes the whole session in one call when outcome is left out: confirms the bank (providerId, or the one the session was created with), finishes the bank journey as test user username (default user_ok), waits for the download to list the accounts, keeps them all but deselectAccountIds, and answers once the session is Completed (or Failed, Cancelled, Expired), or 30 s after the call with its current state. In two steps: with outcome (Ok, Error, Cancelled) the call ends after the bank and answers the session (Fetching, Failed or Cancelled); a second call, with deselectAccountIds once the session is AwaitingAccountSelection (account ids from GET /v1/connections/{connectionId}/accounts?subscription=all), finishes the account selection and answers like the one call.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** Format: uuid */
                        providerId?: string;
                        outcome?: "Ok" | "Error" | "Cancelled";
                        /** @description sandbox test user, e.g. user_slow or error.bank_unavailable */
                        username?: string;
                        deselectAccountIds?: string[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ConnectSession"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the sandbox clock
         * @description The partner's sandbox time and its offset from real time. It moves time for this partner's sandbox only: consent expiry, ConnectionConsentExpiring, the refresh cooldown and daily quota, connect-session expiry and the 22-minute authorization check fire as if that time had passed (with their webhooks), and the sandbox bank sees that time. Live data and other partners keep real time.
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description the partner's sandbox time (UTC)
                             */
                            now: string;
                            /** @description how far the sandbox clock runs ahead of real time, in milliseconds */
                            offsetMs: number;
                        };
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Advance the sandbox clock
         * @description Moves the partner's sandbox clock forward by `advance`, an ISO 8601 duration (P91D, PT22M, P1M). It moves time for this partner's sandbox only: consent expiry, ConnectionConsentExpiring, the refresh cooldown and daily quota, connect-session expiry and the 22-minute authorization check fire as if that time had passed (with their webhooks), and the sandbox bank sees that time. Live data and other partners keep real time.
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description ISO 8601 duration, positive, e.g. P91D */
                        advance: string;
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description the partner's sandbox time (UTC)
                             */
                            now: string;
                            /** @description how far the sandbox clock runs ahead of real time, in milliseconds */
                            offsetMs: number;
                        };
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        /**
         * Reset the sandbox clock
         * @description Returns the partner's sandbox clock to real time. What happened meanwhile stays; timers scheduled on the advanced clock fire when real time reaches them. It moves time for this partner's sandbox only: consent expiry, ConnectionConsentExpiring, the refresh cooldown and daily quota, connect-session expiry and the 22-minute authorization check fire as if that time had passed (with their webhooks), and the sandbox bank sees that time. Live data and other partners keep real time.
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /**
                             * Format: date-time
                             * @description the partner's sandbox time (UTC)
                             */
                            now: string;
                            /** @description how far the sandbox clock runs ahead of real time, in milliseconds */
                            offsetMs: number;
                        };
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/connections/{connectionId}/expire-consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Expire the consent now
         * @description The Active connection becomes Inactive with ConnectionConsentExpired, as when consentDuration ends.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Connection"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/connections/{connectionId}/revoke-at-bank": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke the consent at the bank
         * @description The user revokes consent in their bank: the Active connection becomes Inactive with ConnectionConsentRevoked.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Connection"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/connections/{connectionId}/require-reauth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Demand re-authentication
         * @description The next refreshes fail because the bank demands a new authorization: the connection becomes Inactive with ConnectionRefreshFailed. A reconnect clears it.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Connection"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sandbox/connections/{connectionId}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add transactions for the next refresh
         * @description With `{count}`: adds `count` new Uncleared card payments to the first current account, dated now (by the sandbox clock) and one minute apart before it. With `{accountId?, transactions}` (up to 1,000): adds exactly these transactions to the account (default: the first current account as GET .../accounts lists them), each with a stable id at the bank; defaults: currencyCode the account's, recordDate now, recordState Cleared, empty note and counterParty, null details. Either way they count in the account's balance and the next refresh finds them, enriched like any other.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    connectionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description generated card payments to add (instead of transactions) */
                        count?: number;
                        /** Format: uuid */
                        accountId?: string;
                        transactions?: {
                            /** @description in the account currency; negative = outgoing; at most 2 decimals */
                            amount: number;
                            /** @description ISO 4217; default the account's */
                            currencyCode?: string;
                            /**
                             * Format: date-time
                             * @description UTC; default now by the sandbox clock; not in its future, at most 89 days back
                             */
                            recordDate?: string;
                            /** @description default Cleared; Uncleared clears 3 days after it was added */
                            recordState?: "Cleared" | "Uncleared";
                            note?: string;
                            counterParty?: string;
                            details?: {
                                variableSymbol?: null | string;
                                constantSymbol?: null | string;
                                specificSymbol?: null | string;
                                transactionCode?: null | string;
                                creditorReference?: null | string;
                                externalCategoryName?: null | string;
                                mccCode?: null | string;
                                others?: null | string;
                            };
                        }[];
                    };
                };
            };
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Connection"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clients/{clientId}/simplefin/setup-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint a SimpleFIN setup token
         * @description The setup token is the base64 of a one-time claim URL on this service, valid 24 hours: the client pastes it into a SimpleFIN app (Actual Budget, Sure, Firefly III's importer), which claims it once for an access URL that reads this client's subscribed accounts in the key's mode. X-Client-Id must equal clientId.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                201: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description base64 of the claim URL */
                            setupToken: string;
                            /**
                             * Format: date-time
                             * @description UTC ISO 8601
                             */
                            expiresAt: string;
                        };
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clients/{clientId}/simplefin/access": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the client's SimpleFIN accesses
         * @description Every access URL claimed from this client’s setup tokens, oldest first, revoked ones included. X-Client-Id must equal clientId.
         */
        get: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SimplefinAccess"][];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Revoke all the client's SimpleFIN access
         * @description Revokes every access URL of the client (its next request answers 403) and ends its unclaimed setup tokens; answers the accesses. X-Client-Id must equal clientId.
         */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SimplefinAccess"][];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/clients/{clientId}/simplefin/access/{accessId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one SimpleFIN access
         * @description Revokes one access URL (its next request answers 403); answers it. X-Client-Id must equal clientId.
         */
        delete: {
            parameters: {
                query?: never;
                header: {
                    /** @description the client id */
                    "x-client-id": string;
                };
                path: {
                    clientId: string;
                    accessId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Default Response */
                200: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["SimplefinAccess"][];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                400: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                401: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                404: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                429: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        "Retry-After": components["headers"]["Retry-After"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
                /** @description Error envelope (spec "Errors") */
                500: {
                    headers: {
                        "X-Request-Id": components["headers"]["X-Request-Id"];
                        RateLimit: components["headers"]["RateLimit"];
                        "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ErrorEnvelope"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    ConnectionCreateSuccess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A connection is Active
         * @description Accounts and transactions are downloaded; the connection is Active. After a reconnect, `reconnect` is true. Verify the signature on the raw body before parsing it (`verifyWebhook` of @bankdata/client, or the standardwebhooks package).
         */
        post: operations["webhookConnectionCreateSuccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ConnectionCreateFailed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A connection failed (Disabled)
         * @description The connection is Disabled. error.code: access_denied, user_cancelled, authorization_timeout, download_timeout, a bank error code (e.g. bank_unavailable) or internal_error. After a reconnect, `reconnect` is true. Verify the signature on the raw body before parsing it (`verifyWebhook` of @bankdata/client, or the standardwebhooks package).
         */
        post: operations["webhookConnectionCreateFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    AccountsFetchingProgress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Account download progress
         * @description During account download on connection creation (never on refresh): stage Started, then Completed with accountCount. Verify the signature on the raw body before parsing it (`verifyWebhook` of @bankdata/client, or the standardwebhooks package).
         */
        post: operations["webhookAccountsFetchingProgress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    TransactionsFetchingProgress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Transaction download progress
         * @description During transaction download, on creation and on refresh: Started (accountCount), InProgress after each account (accountsDone, accountCount, transactionCount so far), Completed (accountCount, transactionCount). Progress, not a ledger: a retried download reports again. Verify the signature on the raw body before parsing it (`verifyWebhook` of @bankdata/client, or the standardwebhooks package).
         */
        post: operations["webhookTransactionsFetchingProgress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ConnectionConsentExpiring: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The consent expires soon
         * @description Sent once per consent, the partner's consentExpiringNoticeDays (default 7) before consentExpiresAt, while the connection is Active: ask the user to reconnect before data stops. A reconnect renews the consent (a new notice before the new end). Not sent when the consent is shorter than the notice period, nor when the setting is 0. Verify the signature on the raw body before parsing it (`verifyWebhook` of @bankdata/client, or the standardwebhooks package).
         */
        post: operations["webhookConnectionConsentExpiring"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ConnectionConsentExpired: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The consent expired
         * @description The consent reached the end of the partner's consentDuration; the connection is Inactive. Offer a reconnect. Verify the signature on the raw body before parsing it (`verifyWebhook` of @bankdata/client, or the standardwebhooks package).
         */
        post: operations["webhookConnectionConsentExpired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ConnectionConsentRevoked: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The consent was revoked
         * @description The connection is Inactive. revokedBy: partner (the revoke operation; `deleted` when the connection was deleted) or bank. After a refresh answered with background_refresh_not_allowed it carries `reason` instead. Verify the signature on the raw body before parsing it (`verifyWebhook` of @bankdata/client, or the standardwebhooks package).
         */
        post: operations["webhookConnectionConsentRevoked"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ConnectionRefreshSuccess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A refresh completed
         * @description New transactions are stored and cleared ones updated. Counts cover the subscribed accounts over the download window. Verify the signature on the raw body before parsing it (`verifyWebhook` of @bankdata/client, or the standardwebhooks package).
         */
        post: operations["webhookConnectionRefreshSuccess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    ConnectionRefreshFailed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A refresh failed
         * @description error.code: reauthentication_required or consent_revoked (the connection is Inactive), consent_inactive, consent_renewed, a bank error (e.g. bank_unavailable) or internal_error (the connection stays Active). Verify the signature on the raw body before parsing it (`verifyWebhook` of @bankdata/client, or the standardwebhooks package).
         */
        post: operations["webhookConnectionRefreshFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    WebhookTest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A test event
         * @description Sent when someone of the partner's team presses "Send test event" on the portal's Webhooks page (or runs `bankdata webhook send-test`): signed and delivered like every event, retried likewise, and listed in the delivery log. It belongs to no connection: data has partnerId, mode and a message only. Acknowledge it; there is nothing to do. Verify the signature on the raw body before parsing it (`verifyWebhook` of @bankdata/client, or the standardwebhooks package).
         */
        post: operations["webhookWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description Error envelope (spec "Errors") */
        ErrorEnvelope: {
            /** @description human text, not for parsing */
            errorDesc: string;
            error: {
                /** @description stable machine-readable code; branch on this only */
                code: string;
                message: string;
                /**
                 * Format: date-time
                 * @description UTC ISO 8601
                 */
                nextRefreshPossibleAt?: string;
            };
            /** @description same value as the X-Request-Id header */
            requestId: string;
        };
        Connection: {
            /** Format: uuid */
            id: string;
            state: "Pending" | "Active" | "Inactive" | "Disabled";
            /** @description human text, not for parsing */
            errorDesc: string | null;
            /** Format: uuid */
            providerId: string;
            /**
             * Format: date-time
             * @description UTC ISO 8601
             */
            createdAt: string;
            /** @description when the consent ends (UTC): while Active, the planned end (the partner's consentDuration, or the bank's earlier validUntil); after an expiry, when it expired; null before the first consent. ConnectionConsentExpiring is sent ahead of it. */
            consentExpiresAt: string | null;
        };
        ConnectSession: {
            /** @description opaque; do not parse */
            sessionId: string;
            state: "AwaitingBankSelection" | "RedirectedToBank" | "Authenticating" | "Fetching" | "AwaitingAccountSelection" | "Completed" | "Failed" | "Cancelled" | "Expired";
            /** @description set once the user confirmed a bank; the connection of a Completed session */
            connectionId: string | null;
            /** @description set in the terminal states */
            resultCode: "Ok" | "Error" | "Cancelled" | null;
            /** @description failure code, e.g. access_denied, user_cancelled, session_expired */
            error: string | null;
            /**
             * Format: date-time
             * @description UTC ISO 8601
             */
            expiresAt: string;
        };
        PartnerConfig: {
            /** Format: uuid */
            partnerId: string;
            name: string;
            mode: "sandbox" | "live";
            capabilities: {
                refresh: boolean;
                reconnect: boolean;
                enrichment: boolean;
                autoRevokeAfterCreate: boolean;
                nonRegulatedProviders: boolean;
            };
            /** @description ISO 8601 duration */
            consentDuration: string;
            /** @description days before a consent ends that ConnectionConsentExpiring is sent; 0: never */
            consentExpiringNoticeDays: number;
            /** @description null: every country */
            countries: string[] | null;
            webhook: {
                /** @enum {string} */
                signatureVersion: "v1";
            };
        };
        Usage: {
            mode: "sandbox" | "live";
            /** @description false for a sandbox key: sandbox is never metered and every count is 0 */
            metered: boolean;
            /**
             * Format: date
             * @description UTC day, YYYY-MM-DD
             */
            from: string;
            /**
             * Format: date
             * @description UTC day, YYYY-MM-DD
             */
            to: string;
            totals: {
                /** @description live connections that became Active */
                activation: number;
                /** @description successful refreshes */
                refresh: number;
                /** @description successful reconnects */
                reconnect: number;
            };
            days: {
                /**
                 * Format: date
                 * @description UTC day, YYYY-MM-DD
                 */
                date: string;
                /** @description live connections that became Active */
                activation: number;
                /** @description successful refreshes */
                refresh: number;
                /** @description successful reconnects */
                reconnect: number;
            }[];
        };
        Provider: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description sandbox providers end in _xf; live ones never do */
            code: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example CZ
             */
            countryCode: string;
            bicCodes: string[];
            timeZone: string;
            /** @description visibility, not health */
            status: "Active" | "Inactive" | "Hidden" | "Disabled";
            /**
             * Format: uri
             * @description the bank's logo, when the catalog gives one (live providers)
             */
            logoUrl?: string;
        };
        Client: {
            /** Format: uuid */
            id: string;
            /** Format: email */
            email: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example CZ
             */
            countryCode: string;
            externalId: string | null;
        };
        Account: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description CurrentAccount or SavingAccount */
            type: string;
            /** @description in the account currency */
            balance: number;
            currencyCode: string;
            iban: string | null;
            subscribed: boolean;
        };
        Transaction: {
            /** Format: uuid */
            id: string;
            /** @description negative for outgoing money, positive for incoming */
            amount: number;
            currencyCode: string;
            recordState: "Cleared" | "Uncleared";
            /**
             * Format: date-time
             * @description UTC ISO 8601
             */
            recordDate: string;
            note: string;
            counterParty: string;
            details: {
                variableSymbol: string | null;
                constantSymbol: string | null;
                specificSymbol: string | null;
                transactionCode: string | null;
                creditorReference: string | null;
                externalCategoryName: string | null;
                mccCode: string | null;
                others: string | null;
            };
            /** @description present with capability enrichment */
            enrichment?: {
                /** @description taxonomy with stable ids: docs/categories.md */
                category: {
                    categoryId: number;
                    categoryName: string;
                    subcategoryId: number;
                    subcategoryName: string;
                };
                /** @description a known merchant (stable id), or null: never a guess */
                merchant: {
                    /** Format: uuid */
                    id: string;
                    name: string;
                } | null;
                /** @description part of a regular series of payments to or from the same payee */
                recurrent: boolean;
            };
        };
        /** @description An access URL a budgeting app claimed (the URL itself is never stored or shown again) */
        SimplefinAccess: {
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @description UTC ISO 8601: when the setup token was claimed
             */
            createdAt: string;
            revokedAt: string | null;
        };
        /** @description Accounts and transactions are downloaded; the connection is Active. After a reconnect, `reconnect` is true. */
        ConnectionCreateSuccessEvent: {
            /** @constant */
            type: "ConnectionCreateSuccess";
            /**
             * Format: date-time
             * @description when the event happened (UTC ISO 8601)
             */
            timestamp: string;
            data: {
                partnerId: string;
                /** Format: uuid */
                clientId: string;
                /** Format: uuid */
                connectionId: string;
                /**
                 * Format: uuid
                 * @description the connect session, for hosted flows
                 */
                sessionId?: string;
                /** @description accounts whose transactions were downloaded */
                accountCount: number;
                /** @description transactions the bank returned for the download window */
                transactionCount: number;
                /**
                 * @description present (true) when the outcome is that of a reconnect
                 * @constant
                 */
                reconnect?: true;
            };
        };
        /** @description The connection is Disabled. error.code: access_denied, user_cancelled, authorization_timeout, download_timeout, a bank error code (e.g. bank_unavailable) or internal_error. After a reconnect, `reconnect` is true. */
        ConnectionCreateFailedEvent: {
            /** @constant */
            type: "ConnectionCreateFailed";
            /**
             * Format: date-time
             * @description when the event happened (UTC ISO 8601)
             */
            timestamp: string;
            data: {
                partnerId: string;
                /** Format: uuid */
                clientId: string;
                /** Format: uuid */
                connectionId: string;
                /**
                 * Format: uuid
                 * @description the connect session, for hosted flows
                 */
                sessionId?: string;
                error: {
                    /** @description stable machine-readable code; branch on this only */
                    code: string;
                    message: string;
                };
                /**
                 * @description present (true) when the outcome is that of a reconnect
                 * @constant
                 */
                reconnect?: true;
            };
        };
        /** @description During account download on connection creation (never on refresh): stage Started, then Completed with accountCount. */
        AccountsFetchingProgressEvent: {
            /** @constant */
            type: "AccountsFetchingProgress";
            /**
             * Format: date-time
             * @description when the event happened (UTC ISO 8601)
             */
            timestamp: string;
            data: {
                partnerId: string;
                /** Format: uuid */
                clientId: string;
                /** Format: uuid */
                connectionId: string;
                /**
                 * Format: uuid
                 * @description the connect session, for hosted flows
                 */
                sessionId?: string;
                /** @enum {string} */
                stage: "Started" | "Completed";
                /** @description accounts downloaded (stage Completed) */
                accountCount?: number;
            };
        };
        /** @description During transaction download, on creation and on refresh: Started (accountCount), InProgress after each account (accountsDone, accountCount, transactionCount so far), Completed (accountCount, transactionCount). Progress, not a ledger: a retried download reports again. */
        TransactionsFetchingProgressEvent: {
            /** @constant */
            type: "TransactionsFetchingProgress";
            /**
             * Format: date-time
             * @description when the event happened (UTC ISO 8601)
             */
            timestamp: string;
            data: {
                partnerId: string;
                /** Format: uuid */
                clientId: string;
                /** Format: uuid */
                connectionId: string;
                /**
                 * Format: uuid
                 * @description the connect session, for hosted flows
                 */
                sessionId?: string;
                /** @enum {string} */
                stage: "Started" | "InProgress" | "Completed";
                /** @description accounts whose transactions are downloaded */
                accountCount: number;
                /** @description accounts done so far (stage InProgress) */
                accountsDone?: number;
                /** @description transactions returned so far (stages InProgress and Completed) */
                transactionCount?: number;
            };
        };
        /** @description Sent once per consent, the partner's consentExpiringNoticeDays (default 7) before consentExpiresAt, while the connection is Active: ask the user to reconnect before data stops. A reconnect renews the consent (a new notice before the new end). Not sent when the consent is shorter than the notice period, nor when the setting is 0. */
        ConnectionConsentExpiringEvent: {
            /** @constant */
            type: "ConnectionConsentExpiring";
            /**
             * Format: date-time
             * @description when the event happened (UTC ISO 8601)
             */
            timestamp: string;
            data: {
                partnerId: string;
                /** Format: uuid */
                clientId: string;
                /** Format: uuid */
                connectionId: string;
                /**
                 * Format: uuid
                 * @description the connect session, for hosted flows
                 */
                sessionId?: string;
                /**
                 * Format: date-time
                 * @description when the consent expires (UTC ISO 8601), as on the connection resource
                 */
                consentExpiresAt: string;
                /** @description the partner's consentExpiringNoticeDays when the notice was sent */
                noticeDays: number;
            };
        };
        /** @description The consent reached the end of the partner's consentDuration; the connection is Inactive. Offer a reconnect. */
        ConnectionConsentExpiredEvent: {
            /** @constant */
            type: "ConnectionConsentExpired";
            /**
             * Format: date-time
             * @description when the event happened (UTC ISO 8601)
             */
            timestamp: string;
            data: {
                partnerId: string;
                /** Format: uuid */
                clientId: string;
                /** Format: uuid */
                connectionId: string;
                /**
                 * Format: uuid
                 * @description the connect session, for hosted flows
                 */
                sessionId?: string;
                /**
                 * Format: date-time
                 * @description UTC ISO 8601
                 */
                consentExpiresAt: string;
            };
        };
        /** @description The connection is Inactive. revokedBy: partner (the revoke operation; `deleted` when the connection was deleted) or bank. After a refresh answered with background_refresh_not_allowed it carries `reason` instead. */
        ConnectionConsentRevokedEvent: {
            /** @constant */
            type: "ConnectionConsentRevoked";
            /**
             * Format: date-time
             * @description when the event happened (UTC ISO 8601)
             */
            timestamp: string;
            data: {
                partnerId: string;
                /** Format: uuid */
                clientId: string;
                /** Format: uuid */
                connectionId: string;
                /**
                 * Format: uuid
                 * @description the connect session, for hosted flows
                 */
                sessionId?: string;
                /** @enum {string} */
                revokedBy?: "partner" | "bank";
                /** @description true when the revoke came from deleting the connection */
                deleted?: boolean;
                /** @enum {string} */
                reason?: "background_refresh_not_allowed";
            };
        };
        /** @description New transactions are stored and cleared ones updated. Counts cover the subscribed accounts over the download window. */
        ConnectionRefreshSuccessEvent: {
            /** @constant */
            type: "ConnectionRefreshSuccess";
            /**
             * Format: date-time
             * @description when the event happened (UTC ISO 8601)
             */
            timestamp: string;
            data: {
                partnerId: string;
                /** Format: uuid */
                clientId: string;
                /** Format: uuid */
                connectionId: string;
                /**
                 * Format: uuid
                 * @description the connect session, for hosted flows
                 */
                sessionId?: string;
                /** @description accounts refreshed */
                accountCount: number;
                /** @description transactions the bank returned for them */
                transactionCount: number;
            };
        };
        /** @description error.code: reauthentication_required or consent_revoked (the connection is Inactive), consent_inactive, consent_renewed, a bank error (e.g. bank_unavailable) or internal_error (the connection stays Active). */
        ConnectionRefreshFailedEvent: {
            /** @constant */
            type: "ConnectionRefreshFailed";
            /**
             * Format: date-time
             * @description when the event happened (UTC ISO 8601)
             */
            timestamp: string;
            data: {
                partnerId: string;
                /** Format: uuid */
                clientId: string;
                /** Format: uuid */
                connectionId: string;
                /**
                 * Format: uuid
                 * @description the connect session, for hosted flows
                 */
                sessionId?: string;
                error: {
                    /** @description stable machine-readable code; branch on this only */
                    code: string;
                    message: string;
                };
            };
        };
        /** @description Sent when someone of the partner's team presses "Send test event" on the portal's Webhooks page (or runs `bankdata webhook send-test`): signed and delivered like every event, retried likewise, and listed in the delivery log. It belongs to no connection: data has partnerId, mode and a message only. Acknowledge it; there is nothing to do. */
        WebhookTestEvent: {
            /** @constant */
            type: "WebhookTest";
            /**
             * Format: date-time
             * @description when the event happened (UTC ISO 8601)
             */
            timestamp: string;
            data: {
                partnerId: string;
                /**
                 * @description the mode of the endpoint it was sent to
                 * @enum {string}
                 */
                mode: "sandbox" | "live";
                message: string;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description id of this request; error bodies repeat it as requestId */
        "X-Request-Id": string;
        /** @description IETF draft httpapi-ratelimit-headers: r requests left in this window, t seconds until it ends, e.g. `"default";r=42;t=1` */
        RateLimit: string;
        /** @description the limit of this API key: q requests per w seconds, e.g. `"default";q=100;w=1` */
        "RateLimit-Policy": string;
        /** @description seconds to wait before retrying (never earlier than t of RateLimit) */
        "Retry-After": number;
        /** @description `true` when this answer replays the one stored for the Idempotency-Key */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    webhookConnectionCreateSuccess: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description the event id, the same on every retry and redelivery: drop duplicates by it
                 * @example 2f0c6a56-0f43-4f52-a1c1-3c7d3e0b8f61
                 */
                "webhook-id": string;
                /**
                 * @description unix seconds when this attempt was sent; refuse one more than 5 minutes away
                 * @example 1795374661
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, one per active secret (two during a rotation overlap)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "ConnectionCreateSuccess",
                 *       "timestamp": "2026-11-22T19:31:01.120Z",
                 *       "data": {
                 *         "partnerId": "6f1b9c7e-2a0d-4e8b-9c51-0d2f4b7a8e13",
                 *         "clientId": "0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d",
                 *         "connectionId": "9e2f6a1b-3c4d-4e5f-8a7b-1c2d3e4f5a6b",
                 *         "accountCount": 3,
                 *         "transactionCount": 412
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ConnectionCreateSuccessEvent"];
            };
        };
        responses: {
            /** @description Gone: disables the endpoint until it is set again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged. Answer within 15 seconds; any other answer is retried with the same webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookConnectionCreateFailed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description the event id, the same on every retry and redelivery: drop duplicates by it
                 * @example 2f0c6a56-0f43-4f52-a1c1-3c7d3e0b8f61
                 */
                "webhook-id": string;
                /**
                 * @description unix seconds when this attempt was sent; refuse one more than 5 minutes away
                 * @example 1795374661
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, one per active secret (two during a rotation overlap)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "ConnectionCreateFailed",
                 *       "timestamp": "2026-11-22T19:31:01.120Z",
                 *       "data": {
                 *         "partnerId": "6f1b9c7e-2a0d-4e8b-9c51-0d2f4b7a8e13",
                 *         "clientId": "0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d",
                 *         "connectionId": "9e2f6a1b-3c4d-4e5f-8a7b-1c2d3e4f5a6b",
                 *         "error": {
                 *           "code": "access_denied",
                 *           "message": "The bank refused the authorization (access_denied)"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ConnectionCreateFailedEvent"];
            };
        };
        responses: {
            /** @description Gone: disables the endpoint until it is set again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged. Answer within 15 seconds; any other answer is retried with the same webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookAccountsFetchingProgress: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description the event id, the same on every retry and redelivery: drop duplicates by it
                 * @example 2f0c6a56-0f43-4f52-a1c1-3c7d3e0b8f61
                 */
                "webhook-id": string;
                /**
                 * @description unix seconds when this attempt was sent; refuse one more than 5 minutes away
                 * @example 1795374661
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, one per active secret (two during a rotation overlap)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "AccountsFetchingProgress",
                 *       "timestamp": "2026-11-22T19:31:01.120Z",
                 *       "data": {
                 *         "partnerId": "6f1b9c7e-2a0d-4e8b-9c51-0d2f4b7a8e13",
                 *         "clientId": "0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d",
                 *         "connectionId": "9e2f6a1b-3c4d-4e5f-8a7b-1c2d3e4f5a6b",
                 *         "stage": "Completed",
                 *         "accountCount": 3
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["AccountsFetchingProgressEvent"];
            };
        };
        responses: {
            /** @description Gone: disables the endpoint until it is set again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged. Answer within 15 seconds; any other answer is retried with the same webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookTransactionsFetchingProgress: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description the event id, the same on every retry and redelivery: drop duplicates by it
                 * @example 2f0c6a56-0f43-4f52-a1c1-3c7d3e0b8f61
                 */
                "webhook-id": string;
                /**
                 * @description unix seconds when this attempt was sent; refuse one more than 5 minutes away
                 * @example 1795374661
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, one per active secret (two during a rotation overlap)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "TransactionsFetchingProgress",
                 *       "timestamp": "2026-11-22T19:31:01.120Z",
                 *       "data": {
                 *         "partnerId": "6f1b9c7e-2a0d-4e8b-9c51-0d2f4b7a8e13",
                 *         "clientId": "0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d",
                 *         "connectionId": "9e2f6a1b-3c4d-4e5f-8a7b-1c2d3e4f5a6b",
                 *         "stage": "InProgress",
                 *         "accountsDone": 1,
                 *         "accountCount": 3,
                 *         "transactionCount": 212
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TransactionsFetchingProgressEvent"];
            };
        };
        responses: {
            /** @description Gone: disables the endpoint until it is set again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged. Answer within 15 seconds; any other answer is retried with the same webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookConnectionConsentExpiring: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description the event id, the same on every retry and redelivery: drop duplicates by it
                 * @example 2f0c6a56-0f43-4f52-a1c1-3c7d3e0b8f61
                 */
                "webhook-id": string;
                /**
                 * @description unix seconds when this attempt was sent; refuse one more than 5 minutes away
                 * @example 1795374661
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, one per active secret (two during a rotation overlap)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "ConnectionConsentExpiring",
                 *       "timestamp": "2026-11-22T19:31:01.120Z",
                 *       "data": {
                 *         "partnerId": "6f1b9c7e-2a0d-4e8b-9c51-0d2f4b7a8e13",
                 *         "clientId": "0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d",
                 *         "connectionId": "9e2f6a1b-3c4d-4e5f-8a7b-1c2d3e4f5a6b",
                 *         "consentExpiresAt": "2027-02-20T19:31:01.120Z",
                 *         "noticeDays": 7
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ConnectionConsentExpiringEvent"];
            };
        };
        responses: {
            /** @description Gone: disables the endpoint until it is set again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged. Answer within 15 seconds; any other answer is retried with the same webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookConnectionConsentExpired: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description the event id, the same on every retry and redelivery: drop duplicates by it
                 * @example 2f0c6a56-0f43-4f52-a1c1-3c7d3e0b8f61
                 */
                "webhook-id": string;
                /**
                 * @description unix seconds when this attempt was sent; refuse one more than 5 minutes away
                 * @example 1795374661
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, one per active secret (two during a rotation overlap)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "ConnectionConsentExpired",
                 *       "timestamp": "2026-11-22T19:31:01.120Z",
                 *       "data": {
                 *         "partnerId": "6f1b9c7e-2a0d-4e8b-9c51-0d2f4b7a8e13",
                 *         "clientId": "0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d",
                 *         "connectionId": "9e2f6a1b-3c4d-4e5f-8a7b-1c2d3e4f5a6b",
                 *         "consentExpiresAt": "2027-02-20T19:31:01.120Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ConnectionConsentExpiredEvent"];
            };
        };
        responses: {
            /** @description Gone: disables the endpoint until it is set again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged. Answer within 15 seconds; any other answer is retried with the same webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookConnectionConsentRevoked: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description the event id, the same on every retry and redelivery: drop duplicates by it
                 * @example 2f0c6a56-0f43-4f52-a1c1-3c7d3e0b8f61
                 */
                "webhook-id": string;
                /**
                 * @description unix seconds when this attempt was sent; refuse one more than 5 minutes away
                 * @example 1795374661
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, one per active secret (two during a rotation overlap)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "ConnectionConsentRevoked",
                 *       "timestamp": "2026-11-22T19:31:01.120Z",
                 *       "data": {
                 *         "partnerId": "6f1b9c7e-2a0d-4e8b-9c51-0d2f4b7a8e13",
                 *         "clientId": "0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d",
                 *         "connectionId": "9e2f6a1b-3c4d-4e5f-8a7b-1c2d3e4f5a6b",
                 *         "revokedBy": "bank"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ConnectionConsentRevokedEvent"];
            };
        };
        responses: {
            /** @description Gone: disables the endpoint until it is set again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged. Answer within 15 seconds; any other answer is retried with the same webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookConnectionRefreshSuccess: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description the event id, the same on every retry and redelivery: drop duplicates by it
                 * @example 2f0c6a56-0f43-4f52-a1c1-3c7d3e0b8f61
                 */
                "webhook-id": string;
                /**
                 * @description unix seconds when this attempt was sent; refuse one more than 5 minutes away
                 * @example 1795374661
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, one per active secret (two during a rotation overlap)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "ConnectionRefreshSuccess",
                 *       "timestamp": "2026-11-22T19:31:01.120Z",
                 *       "data": {
                 *         "partnerId": "6f1b9c7e-2a0d-4e8b-9c51-0d2f4b7a8e13",
                 *         "clientId": "0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d",
                 *         "connectionId": "9e2f6a1b-3c4d-4e5f-8a7b-1c2d3e4f5a6b",
                 *         "accountCount": 3,
                 *         "transactionCount": 5
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ConnectionRefreshSuccessEvent"];
            };
        };
        responses: {
            /** @description Gone: disables the endpoint until it is set again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged. Answer within 15 seconds; any other answer is retried with the same webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookConnectionRefreshFailed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description the event id, the same on every retry and redelivery: drop duplicates by it
                 * @example 2f0c6a56-0f43-4f52-a1c1-3c7d3e0b8f61
                 */
                "webhook-id": string;
                /**
                 * @description unix seconds when this attempt was sent; refuse one more than 5 minutes away
                 * @example 1795374661
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, one per active secret (two during a rotation overlap)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "ConnectionRefreshFailed",
                 *       "timestamp": "2026-11-22T19:31:01.120Z",
                 *       "data": {
                 *         "partnerId": "6f1b9c7e-2a0d-4e8b-9c51-0d2f4b7a8e13",
                 *         "clientId": "0b8d3c57-7a9e-4f1b-8d2c-5e6f7a8b9c0d",
                 *         "connectionId": "9e2f6a1b-3c4d-4e5f-8a7b-1c2d3e4f5a6b",
                 *         "error": {
                 *           "code": "reauthentication_required",
                 *           "message": "The bank demands a new authorization"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ConnectionRefreshFailedEvent"];
            };
        };
        responses: {
            /** @description Gone: disables the endpoint until it is set again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged. Answer within 15 seconds; any other answer is retried with the same webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookWebhookTest: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description the event id, the same on every retry and redelivery: drop duplicates by it
                 * @example 2f0c6a56-0f43-4f52-a1c1-3c7d3e0b8f61
                 */
                "webhook-id": string;
                /**
                 * @description unix seconds when this attempt was sent; refuse one more than 5 minutes away
                 * @example 1795374661
                 */
                "webhook-timestamp": string;
                /**
                 * @description Standard Webhooks: space-separated `v1,<base64 HMAC-SHA256 of {id}.{timestamp}.{body}>`, one per active secret (two during a rotation overlap)
                 * @example v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "WebhookTest",
                 *       "timestamp": "2026-11-22T19:31:01.120Z",
                 *       "data": {
                 *         "partnerId": "6f1b9c7e-2a0d-4e8b-9c51-0d2f4b7a8e13",
                 *         "mode": "sandbox",
                 *         "message": "A test event: your endpoint receives and verifies bankdata webhooks."
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Gone: disables the endpoint until it is set again */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Acknowledged. Answer within 15 seconds; any other answer is retried with the same webhook-id. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
