export * from './registry';
export * from './config';
export * from './answerText';
export * from './settings';
