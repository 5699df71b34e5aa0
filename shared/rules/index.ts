// Pure rules the service applies, shared by the renderer, the desk core and the sandbox.
export * from './sms';
export * from './reference';
export * from './email';
export * from './phone';
export * from './datetime';
export * from './fields';
export * from './purchase';
export * from './contact';
export * from './contact-identity';
