export * from './Spinner';
export * from './Modal';
export * from './inert';
export * from './QuantityStepper';
export * from './Price';
export * from './useClosingState';
export * from './Picture';
export * from './Field';
