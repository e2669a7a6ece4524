import { expect, screenshot, test } from './fixtures';

test('the service’s reference page renders its OpenAPI document with no network but the service', async ({
  page,
  app,
}) => {
  const service = new URL(app.service.url);
  const elsewhere: string[] = [];
  await page.route('**/*', (route) => {
    if (new URL(route.request().url()).host === service.host) return route.continue();
    elsewhere.push(route.request().url());
    return route.abort();
  });
  await page.goto(`${app.service.url}/api/docs`);
  await expect(page.getByRole('heading', { name: /HR service/ })).toBeVisible();
  // Operations grouped by domain, each with its method, path and summary.
  const leave = page.locator('.opblock-tag-section', { has: page.getByRole('heading', { name: 'leave' }) });
  await expect(leave.getByText('/api/leave/{id}/status')).toBeVisible();
  await expect(leave.getByText('Approve or reject a request')).toBeVisible();
  await screenshot(page, '50-service-reference', { fullPage: false });
  // One operation opened: its headers, its example body and the errors it can answer.
  const ask = leave.locator('.opblock', { has: page.getByText('Ask for leave', { exact: true }) });
  await ask.getByRole('button', { name: /Ask for leave/ }).click();
  await expect(ask.getByText('Idempotency-Key', { exact: true })).toBeVisible();
  await expect(ask.getByText('Summer holiday').first()).toBeVisible();
  await expect(ask.getByText('If-Match named an older version').first()).toBeHidden();
  await expect(ask.getByText('This Idempotency-Key was already used for a different request.')).toBeVisible();
  await ask.scrollIntoViewIfNeeded();
  await screenshot(page, '51-service-reference-operation', { fullPage: false });
  expect(elsewhere).toEqual([]);
});
