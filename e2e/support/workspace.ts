import { expect, type Page } from '@playwright/test';

/** The path of the newest invitation link mailed to `email` (local outbox). */
export async function invitationPath(page: Page, email: string): Promise<string> {
  let path: string | undefined;
  await expect.poll(async () => {
    const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const body = (await res.json()) as { data: { text: string }[] };
    path = /(\/invitacion\/\S+)/.exec(body.data[0]?.text ?? '')?.[1];
    return path;
  }).toBeTruthy();
  return path!;
}

/** The signed-in page's bearer token. */
export const bearer = (page: Page) => page.evaluate(() => `Bearer ${localStorage.getItem('accessToken')}`);
