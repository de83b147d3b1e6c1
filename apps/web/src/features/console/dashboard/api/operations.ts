import { consoleDashboardOperations as o } from '@qgw/contracts';

/** The console's 概览 (the contracts' catalogue): admins past the second factor. */
export const dashboardOps = { dashboard: o.consoleDashboard };

export const dashboardKeys = { dashboard: ['console', 'dashboard'] as const };
