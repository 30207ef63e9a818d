// The charts' palette lives in shared (every section's charts follow the same theme).
export * from '@console/shared/components/chart-palette';
