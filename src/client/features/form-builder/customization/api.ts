import {
  headerImageUploadBodySchema,
  uploadGrantResultSchema,
  uploadResultSchema,
} from "../../../../shared/schemas/files";
import { apiSend, apiUpload } from "../../../lib/api-client";

/**
 * Uploads a header image: asks for a signed address, then sends the bytes there (the app, or a bucket). The server checks the
 * image by its content (PNG or JPEG, at least 640 × 160); its URL is returned for the form's settings.
 */
export async function uploadHeaderImage(programId: string, file: File): Promise<string> {
  const body = headerImageUploadBodySchema.parse({ programId, filename: file.name });
  const grant = await apiSend("POST", "/api/files/signedUrl/public/putObject", body, uploadGrantResultSchema);
  const { url } = await apiUpload(grant, file, uploadResultSchema);
  return url;
}
