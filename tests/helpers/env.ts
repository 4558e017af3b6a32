// Jest setup: quiet the AWS SDK's Node-version notice in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
