/** The roles of portal users (issue 15; docs/portal.md "Getting in"): admin and developer may change things, viewer may look. */
import type { PortalRole } from '../db/schema.ts';

export const portalRoles = ['admin', 'developer', 'viewer'] as const satisfies readonly PortalRole[];
