/**
 * Answer an enrollment on the real server's web page as its user does: log in, open the
 * confirmation page, press confirm or cancel (plain HTTP with Django's session and CSRF
 * cookies; no browser needed).
 */

/** The cookies a browser would hold, and sends back. */
class CookieJar {
  private readonly cookies = new Map<string, string>()

  keep(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';')
      const at = pair.indexOf('=')
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

function csrfToken(page: string): string {
  const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page)?.[1]
  if (token == null) throw new Error('no CSRF token on the page')
  return token
}

async function visit(jar: CookieJar, url: string, form?: Record<string, string>): Promise<Response> {
  const response = await fetch(url, {
    method: form == null ? 'GET' : 'POST',
    redirect: 'manual',
    headers: { Cookie: jar.header(), Referer: url, ...(form && { 'Content-Type': 'application/x-www-form-urlencoded' }) },
    body: form && new URLSearchParams(form).toString(),
  })
  jar.keep(response)
  return response
}

/** Log in as `user` on the server of `origin` and answer the enrollment `nonce` with `outcome`. */
export async function answerOnWebPage(
  origin: string,
  user: { name: string; password: string },
  nonce: string,
  outcome: 'confirm' | 'cancel',
): Promise<void> {
  const jar = new CookieJar()
  const login = `${origin}/-/login/`
  const form = { username: user.name, password: user.password }
  const loggedIn = await visit(jar, login, { ...form, csrfmiddlewaretoken: csrfToken(await (await visit(jar, login)).text()) })
  if (loggedIn.status !== 302) throw new Error(`login answered ${loggedIn.status}`)
  const page = `${origin}/-/enroll/confirm/${nonce}/`
  // The enrollment is recorded once its POST is read: until then the page is missing.
  for (let attempt = 0; ; attempt++) {
    const shown = await visit(jar, page)
    if (shown.status === 200) {
      const answered = await visit(jar, page, { csrfmiddlewaretoken: csrfToken(await shown.text()), outcome })
      if (answered.status >= 400) throw new Error(`the confirmation form answered ${answered.status}`)
      return
    }
    if (attempt >= 40) throw new Error(`${page} answered ${shown.status}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
