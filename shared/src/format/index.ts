export * from './money';
export * from './status';
export * from './color';
export * from './images';
export * from './chat';
export * from './order';
