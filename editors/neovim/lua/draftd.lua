-- draftd for Neovim 0.7+: diagnostics and code actions for prose from `draft lsp`,
-- through Neovim's built-in LSP client.
--
--   require('draftd').setup()            -- text, Markdown, git commits, LaTeX, mail
--   require('draftd').setup({
--     cmd = { 'draft', 'lsp' },
--     filetypes = { 'text', 'markdown', 'gitcommit', 'tex', 'mail', 'c' },
--     settings = { comments = true, dictionary = { 'draftd' }, checks = { 'grammar', 'spelling' }, dialect = 'en-GB' },
--   })
--
-- On Neovim 0.11+ setup() uses the built-in configuration API; the same can be written
-- directly, with config() giving the table:
--
--   vim.lsp.config('draftd', require('draftd').config({ settings = { dictionary = { 'draftd' } } }))
--   vim.lsp.enable('draftd')
--
-- Code actions (:lua vim.lsp.buf.code_action()) fix one error or all of them; on a
-- visual selection (:'<,'>lua vim.lsp.buf.range_code_action()) they also correct it or
-- rewrite it as formal, concise, simple or friendly.
local M = {}

M.filetypes = { 'text', 'markdown', 'gitcommit', 'tex', 'plaintex', 'mail' }

local client_id = nil

-- Neovim applies versioned documentChanges (and refuses those older than the buffer), but
-- before 0.8 it does not say so: declared here, code actions come versioned, so a fix-all
-- offered before another edit can never be applied over it.
local function capabilities()
  local caps = vim.lsp.protocol.make_client_capabilities()
  caps.workspace = caps.workspace or {}
  caps.workspace.workspaceEdit = caps.workspace.workspaceEdit or {}
  caps.workspace.workspaceEdit.documentChanges = true
  return caps
end

function M.attach(bufnr, opts)
  opts = opts or {}
  if client_id == nil or vim.lsp.get_client_by_id(client_id) == nil then
    client_id = vim.lsp.start_client({
      name = 'draftd',
      cmd = opts.cmd or { 'draft', 'lsp' },
      root_dir = vim.loop.cwd(),
      capabilities = capabilities(),
      init_options = opts.settings or {},
      settings = { draftd = opts.settings or {} },
    })
  end
  if client_id ~= nil then
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
  return client_id
end

-- The server's configuration as vim.lsp.config (Neovim 0.11+) takes it.
function M.config(opts)
  opts = opts or {}
  return {
    cmd = opts.cmd or { 'draft', 'lsp' },
    filetypes = opts.filetypes or M.filetypes,
    root_markers = { '.git' },
    capabilities = capabilities(),
    init_options = opts.settings or {},
    settings = { draftd = opts.settings or {} },
  }
end

function M.setup(opts)
  opts = opts or {}
  if vim.lsp.config ~= nil and vim.lsp.enable ~= nil then
    vim.lsp.config('draftd', M.config(opts))
    vim.lsp.enable('draftd')
    return
  end
  local group = vim.api.nvim_create_augroup('draftd', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = opts.filetypes or M.filetypes,
    callback = function(args) M.attach(args.buf, opts) end,
  })
end

return M
