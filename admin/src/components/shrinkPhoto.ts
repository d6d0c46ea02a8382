/** The catalogue's picture size (the API crops to 4:5 and keeps at most this). */
const MAX_WIDTH = 1600;
const MAX_HEIGHT = 2000;
/** What the host in front of the API passes in one request body. */
export const MAX_UPLOAD_BYTES = 1024 * 1024;

/**
 * A phone's photo is often 4–12 MB, more than the host passes (1 MB): it is drawn at most at the
 * catalogue's size and sent as a JPEG, which the API crops and encodes anyway. A browser that cannot
 * draw it (or a test's) sends the file as it is.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file; // not a picture the browser reads: the API says what is wrong with it
  }
  const scale = Math.min(1, MAX_WIDTH / bitmap.width, MAX_HEIGHT / bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  for (const quality of [0.9, 0.8, 0.65]) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (blob && blob.size <= MAX_UPLOAD_BYTES) return blob;
  }
  return file;
}
