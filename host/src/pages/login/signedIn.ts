// Whether this browser already has a session (issue 25 defect 8: a signed-in user at `/` or
// `/login` goes on to the console instead of seeing the form). A plain fetch, not the API
// client: the login page must not wait for the client to download (issue 16, first-load
// budget). The route guard reads the user's info itself once the user is there.
import { SUCCESS_CODE, type Envelope } from '@console/shared/contracts/envelope';

export async function hasSession(): Promise<boolean> {
  try {
    const response = await fetch('/api/user/info', {
      cache: 'no-store',
      credentials: 'same-origin',
    });
    if (!response.ok) return false;
    const body = (await response.json()) as Envelope<unknown>;
    return body.code === SUCCESS_CODE;
  } catch {
    return false;
  }
}
