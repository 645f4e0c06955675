/**
 * What a production environment must set besides NODE_ENV (config.ts refuses it otherwise): a real SMS
 * driver (Solapi: key, secret, sender), the chat token key, the payment webhook key and a real card PG (Toss). Tests of production rules spread it.
 */
export const PRODUCTION_REQUIRED_ENV = {
  SMS_DRIVER: 'solapi',
  SOLAPI_API_KEY: 'key',
  SOLAPI_API_SECRET: 'secret',
  SMS_SENDER: '0212345678',
  CHAT_TOKEN_SECRET: 'a-production-chat-token-key',
  PAYMENT_WEBHOOK_SECRET: 'a-production-payment-webhook-key',
  PG_PROVIDER: 'toss',
  TOSS_SECRET_KEY: 'live_sk_production',
  TOSS_CLIENT_KEY: 'live_ck_production',
} as const;
