export * from './rules';
export * from './audit';
