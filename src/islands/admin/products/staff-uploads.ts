import { catalogApi } from '../../../lib/api/admin-catalog.ts'
import type { FileUpload } from '../../common/Uploader.tsx'
import type { ImageUpload } from '../../publish/editor/insert-image.ts'

/** The uploader's way up for product and SKU pictures: the staff image call (customers' Upload/PostUpload would refuse a staff session). */
export const staffFileUpload: FileUpload = (file, name, o) => catalogApi.uploadImage(file, name, o.signal)

/** The detail editor's pictures, the same way. */
export const staffImageUpload: ImageUpload = (file, name) => catalogApi.uploadImage(file, name)
