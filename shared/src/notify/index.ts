export * from './notify';
export * from './ToastHost';
