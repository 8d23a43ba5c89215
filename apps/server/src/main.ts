import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { WEB_BASE } from './http/web.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const { app, seeded, db } = await buildApp({ config });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [
    '',
    `Study CRM Admin is running on ${db.dialect === 'sqlite' ? 'SQLite (' + config.dataDir + ')' : 'PostgreSQL'}`,
    `  Portal:   http://${host}:${port}${WEB_BASE}/`,
    `  API docs: http://${host}:${port}/api/docs`,
  ];
  if (seeded.adminCreated) {
    lines.push(`  First administrator created. Sign in with login name "${seeded.adminLogin}"`);
    lines.push(
      seeded.generatedPassword
        ? `  and this generated password (shown once, change it after signing in): ${seeded.generatedPassword}`
        : '  and the password given in ADMIN_PASSWORD.',
    );
  } else {
    lines.push(`  Administrator "${seeded.adminLogin}" already exists; sign in with its current password.`);
  }
  if (config.captchaTestCode) lines.push(`  WARNING: CAPTCHA_TEST_CODE is set; captchas are not protecting sign-in.`);
  console.log(lines.join('\n') + '\n');

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('Failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
