// Stylesheets are bundled by rspack (experiments.css); importing one only has a side effect.
declare module '*.css';
