import { ACCESS_CALLS, type Language, type MessageResponse } from '@playrep/contracts';
import { apiRequest } from '../api-client';

/** `POST /api/auth/language`: the signed-in account's language, which follows it to every device. */
export function saveLanguage(language: Language): Promise<MessageResponse> {
  const { path, method } = ACCESS_CALLS.setLanguage;
  return apiRequest<MessageResponse>(path, { method, body: { language } });
}
