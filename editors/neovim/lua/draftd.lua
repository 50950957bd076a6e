-- draftd for Neovim 0.7+: diagnostics and code actions for prose from `draft lsp`,
-- through Neovim's built-in LSP client.
--
--   require('draftd').setup()            -- text, Markdown, git commits, LaTeX, mail
--   require('draftd').setup({
--     cmd = { 'draft', 'lsp' },
--     filetypes = { 'text', 'markdown', 'gitcommit', 'tex', 'mail', 'c' },
--     settings = { comments = true, dictionary = { 'draftd' }, checks = { 'grammar', 'spelling' } },
--   })
--
-- Code actions (:lua vim.lsp.buf.code_action()) fix one error or all of them; on a
-- visual selection (:'<,'>lua vim.lsp.buf.range_code_action()) they also correct it or
-- rewrite it as formal, concise, simple or friendly.
local M = {}

M.filetypes = { 'text', 'markdown', 'gitcommit', 'tex', 'plaintex', 'mail' }

local client_id = nil

function M.attach(bufnr, opts)
  opts = opts or {}
  if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
    client_id = vim.lsp.start_client({
      name = 'draftd',
      cmd = opts.cmd or { 'draft', 'lsp' },
      root_dir = vim.loop.cwd(),
      init_options = opts.settings or {},
      settings = { draftd = opts.settings or {} },
    })
  end
  if client_id ~= nil then
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  return client_id
end

function M.setup(opts)
  opts = opts or {}
  local group = vim.api.nvim_create_augroup('draftd', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = opts.filetypes or M.filetypes,
    callback = function(args) M.attach(args.buf, opts) end,
  })
end

return M
