export { loadValidation, prefetchValidation, type Validation } from './loadValidation';
export { focusFirstInvalid, type Failure, type FormErrors, type SchemaOf } from './submitForm';
export { useForm, type UseFormOptions, type UseFormResult } from './useForm';
