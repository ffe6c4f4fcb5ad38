-- A hand test in a real editor: Neovim (0.7 or later) headless, with its built-in LSP client.
--   nvim --headless -u NONE -c "luafile bench/lsp/nvim-smoke.lua" BOOK/invoices/FILE.yaml
-- Prints the diagnostics of the file after a typo, the quick fix's title, and the hover.
local invoic = os.getenv("INVOIC") or ".build/debug/invoic"
local buf = vim.api.nvim_get_current_buf()
local file = vim.api.nvim_buf_get_name(buf)
local root = vim.fn.fnamemodify(file, ":h:h")
while vim.fn.filereadable(root .. "/invoic.yaml") == 0 and root ~= "/" do root = vim.fn.fnamemodify(root, ":h") end
vim.bo[buf].filetype = "yaml"
local id = vim.lsp.start_client({ name = "invoic", cmd = { invoic, "lsp" }, root_dir = root })
vim.lsp.buf_attach_client(buf, id)
local function wait(ms, check) return vim.wait(ms, check, 20) end
wait(10000, function() local c = vim.lsp.get_client_by_id(id); return c and c.initialized end)
print("initialized: " .. tostring(vim.lsp.get_client_by_id(id).initialized))
-- A typo in the client id, as a user types it.
local line = vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1]
vim.api.nvim_buf_set_lines(buf, 0, 1, false, { line .. "x" })
wait(5000, function() return #vim.diagnostic.get(buf) > 0 end)
for _, d in ipairs(vim.diagnostic.get(buf)) do
  print(string.format("diagnostic %d:%d %s [%s]", d.lnum + 1, d.col + 1, d.message:gsub("\n", " | "), d.code or d.user_data and d.user_data.lsp and d.user_data.lsp.code or "?"))
end
local diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, 0)
local actions = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = diagnostics[1] and diagnostics[1].range or { start = { line = 0, character = 0 }, ["end"] = { line = 0, character = 0 } },
  context = { diagnostics = diagnostics },
}, 5000)
for _, answer in pairs(actions or {}) do
  for _, action in ipairs(answer.result or {}) do
    print("quick fix: " .. action.title)
    if action.isPreferred and action.edit then vim.lsp.util.apply_workspace_edit(action.edit, "utf-16") end
  end
end
print("line after the fix: " .. vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1])
wait(5000, function() return #vim.diagnostic.get(buf) == 0 end)
print("diagnostics after the fix: " .. #vim.diagnostic.get(buf))
local hover = vim.lsp.buf_request_sync(buf, "textDocument/hover", { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 2, character = 0 } }, 5000)
for _, answer in pairs(hover or {}) do print("hover: " .. (answer.result and answer.result.contents.value or "none"):gsub("\n", " ")) end
vim.lsp.stop_client(id)
vim.cmd("qa!")
