export * from './companies';
export * from './users';
export * from './sessions';
export * from './notifications';
