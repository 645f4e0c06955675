/**
 * What a production environment must set besides NODE_ENV (config.ts refuses it otherwise): a real SMS
 * driver (Solapi: key, secret, sender), the chat token key and the payment webhook key. Tests of production rules spread it.
 */
export const PRODUCTION_REQUIRED_ENV = {
  SMS_DRIVER: 'solapi',
  SOLAPI_API_KEY: 'key',
  SOLAPI_API_SECRET: 'secret',
  SMS_SENDER: '0212345678',
  CHAT_TOKEN_SECRET: 'a-production-chat-token-key',
  PAYMENT_WEBHOOK_SECRET: 'a-production-payment-webhook-key',
} as const;
