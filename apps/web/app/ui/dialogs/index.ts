export type { CropArea } from './crop-geometry';
export type { CropOptions, CropResult } from './crop-types';
export type { DialogApi } from './dialog-api';
export { DialogProvider, useDialog } from './dialog-provider';
export type { AutoCloseOptions, ConfirmOptions, ContainerOptions, DialogRender, MessageOptions, ToastOptions } from './dialog-store';
export { FILE_INFO_FIELD, readFileInfo } from './file-info';
export type { FieldError, FormField, FormOptions, FormValues } from './form-validation';
export { validateField, validateForm } from './form-validation';
