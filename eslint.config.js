import config from '@dropwise/eslint-config'

export default config
